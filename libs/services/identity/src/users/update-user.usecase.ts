import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError, FieldErrors } from '@mp/problems';
import type { UserRow } from '../accounts/accounts.repository';
import { toUser } from '../accounts/account.mapper';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { ensureAnotherActiveAdmin, findManageableUser, parseRole, parseSubaccountOf, requireAdmin } from './user-management';
import { updateUserRow } from './users.repository';


/**
 * Admin only: a user's role and/or subaccount (present without an id: no
 * longer limited). Not one's own, and the account keeps an active Admin.
 * The new role and subaccount apply from the user's next request
 * (AuthenticateAccessToken reads them from the user row).
 */
export async function updateUser(ctx: IdentityContext, principal: Principal, request: identityV1.UpdateUserRequest): Promise<identityV1.User> {
  requireUser(principal);
  return ctx.db.transaction(async (trx) => {
    const actor = await currentUser(trx, principal);
    requireAdmin(actor);
    const target = await findManageableUser(trx, actor, request.userId);
    if (target.id === actor.id) throw new DomainError('INVALID_OPERATION', 'You cannot change your own role or subaccount; ask another Admin.');

    const errors = new FieldErrors();
    const changes: Partial<Pick<UserRow, 'role' | 'subaccount_id'>> = {};
    if (request.role !== undefined) changes.role = parseRole(errors, request.role);
    if (request.subaccount !== undefined) {
      const requested = (request.subaccount.subaccountId ?? '').trim();
      changes.subaccount_id = requested === '' ? null : ((await parseSubaccountOf(trx, errors, actor.account_id, requested)) ?? null);
    }
    errors.throwIfAny();
    if (actor.subaccount_id && changes.subaccount_id !== undefined && changes.subaccount_id !== actor.subaccount_id) {
      throw new DomainError('FORBIDDEN', 'You may only place users in your own subaccount.');
    }
    if (Object.keys(changes).length === 0) return toUser(target);
    if (target.role === 'Admin' && target.status === 'active' && changes.role !== undefined && changes.role !== 'Admin') {
      await ensureAnotherActiveAdmin(trx, actor.account_id, target.id);
    }
    return toUser((await updateUserRow(trx, target.id, changes))!);
  });
}
