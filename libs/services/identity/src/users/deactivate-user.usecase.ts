import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { announceAccessChange } from '../access-changes/announce-access-change';
import { toUser } from '../accounts/account.mapper';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { ensureAnotherActiveAdmin, findManageableUser, requireAdmin } from './user-management';
import { deactivateUserRow, revokeUserSessions } from './users.repository';

/**
 * Admin only, not oneself: the user becomes inactive and every session of it
 * is revoked, so its access tokens, refresh tokens and password stop working
 * (USER_INACTIVE). Deactivating an inactive user changes nothing; a
 * deactivation is announced (AccessChanged) for caches of what it could do.
 */
export async function deactivateUser(ctx: IdentityContext, principal: Principal, request: identityV1.DeactivateUserRequest): Promise<identityV1.User> {
  requireUser(principal);
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const actor = await currentUser(trx, principal);
    requireAdmin(actor);
    const target = await findManageableUser(trx, actor, request.userId);
    if (target.id === actor.id) throw new DomainError('INVALID_OPERATION', 'You cannot deactivate yourself; ask another Admin.');
    if (target.role === 'Admin' && target.status === 'active') await ensureAnotherActiveAdmin(trx, actor.account_id, target.id);
    const updated = await deactivateUserRow(trx, target.id);
    await revokeUserSessions(trx, target.id, 'user_deactivated', now);
    if (updated) await announceAccessChange(ctx.outbox, trx, { accountId: target.account_id, userId: target.id, reason: 'user_deactivated' });
    return toUser(updated ?? target);
  });
}
