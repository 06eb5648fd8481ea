import type { Knex } from 'knex';
import { USERS, type UserRow } from '../accounts/accounts.repository';
import { SESSIONS } from '../sessions/sessions.repository';
import { newId } from '../shared/ids';

export const USER_INVITATIONS = 'user_invitations';

export interface InvitationRow {
  id: string;
  account_id: string;
  user_id: string;
  invited_by_user_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export async function insertInvitation(
  trx: Knex.Transaction,
  invitation: { accountId: string; userId: string; invitedByUserId: string; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await trx(USER_INVITATIONS).insert({
    id: newId(),
    account_id: invitation.accountId,
    user_id: invitation.userId,
    invited_by_user_id: invitation.invitedByUserId,
    token_hash: invitation.tokenHash,
    expires_at: invitation.expiresAt,
    created_at: now,
  });
}

export async function findInvitation(trx: Knex.Transaction, tokenHash: string): Promise<InvitationRow | undefined> {
  return trx<InvitationRow>(USER_INVITATIONS).where({ token_hash: tokenHash }).forUpdate().first();
}

/** Single use, settled by one conditional statement. */
export async function useInvitation(trx: Knex.Transaction, id: string, now: Date): Promise<boolean> {
  const rows = await trx(USER_INVITATIONS).where({ id }).whereNull('used_at').update({ used_at: now }).returning('id');
  return rows.length === 1;
}

/**
 * invited -> active with its password, only while still invited (an Admin may
 * have deactivated the user since). Accepting proves the mailbox, so the email
 * counts as verified.
 */
export async function activateInvitedUser(trx: Knex.Transaction, userId: string, passwordHash: string, now: Date): Promise<boolean> {
  const rows = await trx(USERS)
    .where({ id: userId, status: 'invited' })
    .update({ status: 'active', password_hash: passwordHash, email_verified_at: now })
    .returning('id');
  return rows.length === 1;
}

/** Swaps the hash only while it is still the one that was verified; false when it changed meanwhile. */
export async function replacePasswordHash(db: Knex, userId: string, oldHash: string, newHash: string): Promise<boolean> {
  const rows = await db(USERS).where({ id: userId, password_hash: oldHash }).update({ password_hash: newHash }).returning('id');
  return rows.length === 1;
}

/** Users of an account (of one subaccount when `onlySubaccountId`), oldest first. */
export async function listUsers(db: Knex, accountId: string, onlySubaccountId?: string | null): Promise<UserRow[]> {
  const query = db<UserRow>(USERS).where({ account_id: accountId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
  if (onlySubaccountId) query.andWhere({ subaccount_id: onlySubaccountId });
  return query;
}

/** Locks the account's active Admins (concurrent demotions and deactivations queue here) and answers their ids. */
export async function lockActiveAdmins(trx: Knex.Transaction, accountId: string): Promise<string[]> {
  return trx(USERS).where({ account_id: accountId, role: 'Admin', status: 'active' }).forUpdate().pluck('id');
}

/** The addresses of the account's active Admins, oldest first (those told about the account's own problems). */
export async function activeAdminEmails(trx: Knex.Transaction, accountId: string): Promise<string[]> {
  return trx(USERS).where({ account_id: accountId, role: 'Admin', status: 'active' }).orderBy([{ column: 'created_at' }, { column: 'id' }]).pluck('email');
}

export async function updateUserRow(
  trx: Knex.Transaction,
  userId: string,
  changes: Partial<Pick<UserRow, 'role' | 'subaccount_id'>>,
): Promise<UserRow | undefined> {
  const [row] = await trx<UserRow>(USERS).where({ id: userId }).update(changes).returning('*');
  return row as UserRow | undefined;
}

/** -> inactive unless it already is; undefined when nothing changed. */
export async function deactivateUserRow(trx: Knex.Transaction, userId: string): Promise<UserRow | undefined> {
  const [row] = await trx<UserRow>(USERS).where({ id: userId }).whereNot({ status: 'inactive' }).update({ status: 'inactive' }).returning('*');
  return row as UserRow | undefined;
}

/** Ends every live session (refresh-token family) of a user. */
export async function revokeUserSessions(trx: Knex.Transaction, userId: string, reason: string, now: Date): Promise<number> {
  return trx(SESSIONS).where({ user_id: userId }).whereNull('revoked_at').update({ revoked_at: now, revoke_reason: reason });
}
