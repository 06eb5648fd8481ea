import { DomainError, type FieldErrors } from '@mp/problems';
import type { Knex } from 'knex';
import { findUser, ROLES, type Role, type UserRow } from '../accounts/accounts.repository';
import { isUuid } from '../shared/ids';
import { findSubaccount } from '../subaccounts/subaccounts.repository';
import { lockActiveAdmins } from './users.repository';

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Adds a `role` field error unless `value` is one of the roles. */
export function parseRole(errors: FieldErrors, value: string | undefined): Role | undefined {
  const role = (value ?? '').trim();
  if (role === '') errors.add('role', 'is required');
  else if (!isRole(role)) errors.add('role', `must be one of ${ROLES.join(', ')}`);
  else return role;
  return undefined;
}

/**
 * A subaccount id of the account, or a `subaccountId` field error (another
 * account's subaccount looks the same as none: it is not named).
 */
export async function parseSubaccountOf(db: Knex, errors: FieldErrors, accountId: string, value: string): Promise<string | undefined> {
  const exists = isUuid(value) && (await findSubaccount(db, accountId, value)) !== undefined;
  if (!exists) errors.add('subaccountId', 'must be a subaccount of this account');
  return exists ? value : undefined;
}

export function requireAdmin(actor: UserRow): void {
  if (actor.role !== 'Admin') throw new DomainError('FORBIDDEN', 'Only an Admin may manage users.');
}

/**
 * A user of the actor's account that the actor can see: one limited to a
 * subaccount sees only users of that subaccount. Anything else is NOT_FOUND.
 */
export async function findManageableUser(trx: Knex, actor: UserRow, userId: string | undefined): Promise<UserRow> {
  const id = (userId ?? '').trim();
  const target = isUuid(id) ? await findUser(trx, id) : undefined;
  if (!target || target.account_id !== actor.account_id || (actor.subaccount_id && target.subaccount_id !== actor.subaccount_id)) {
    throw DomainError.notFound('User');
  }
  return target;
}

/**
 * Before an active Admin stops being one (demotion, deactivation): another
 * active Admin must remain. The Admins are locked first, so two Admins
 * demoting each other at once cannot both succeed.
 */
export async function ensureAnotherActiveAdmin(trx: Knex.Transaction, accountId: string, leavingUserId: string): Promise<void> {
  const admins = await lockActiveAdmins(trx, accountId);
  if (!admins.some((id) => id !== leavingUserId)) {
    throw new DomainError('INVALID_OPERATION', 'The account must keep at least one active Admin.');
  }
}
