import type { Knex } from 'knex';

export const ACCOUNTS = 'accounts';
export const USERS = 'users';

export type AccountStatus = 'pending' | 'active';
/** The payment processor's (Stripe's) subscription statuses; only trialing and active allow sending. */
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';
export type Role = 'Admin' | 'Manager' | 'Member';
export const ROLES: readonly Role[] = ['Admin', 'Manager', 'Member'];
/** `invited`: created by an invitation, no password until it is accepted. */
export type UserStatus = 'invited' | 'active' | 'inactive';

export interface AccountRow {
  id: string;
  organization_name: string;
  status: AccountStatus;
  subscription_status: SubscriptionStatus;
  /** When the last applied payment-processor event happened; null until one is applied. */
  subscription_updated_at?: Date | null;
  email_verified_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

export interface UserRow {
  id: string;
  account_id: string;
  email: string;
  /** null while the user is `invited` (the invitation sets it). */
  password_hash: string | null;
  role: Role;
  subaccount_id: string | null;
  status: UserStatus;
  mfa_enabled: boolean;
  email_verified_at: Date | null;
  created_at: Date;
}

/** A user with the state of its account, as sign-in needs both. */
export interface UserWithAccount extends UserRow {
  account_status: AccountStatus;
}

export async function insertAccount(trx: Knex.Transaction, row: AccountRow): Promise<void> {
  await trx(ACCOUNTS).insert(row);
}

export async function insertUser(trx: Knex.Transaction, row: UserRow): Promise<void> {
  await trx(USERS).insert(row);
}

export async function findAccount(db: Knex, accountId: string): Promise<AccountRow | undefined> {
  return db<AccountRow>(ACCOUNTS).where({ id: accountId }).first();
}

export async function findUser(db: Knex, userId: string): Promise<UserRow | undefined> {
  return db<UserRow>(USERS).where({ id: userId }).first();
}

export async function emailExists(db: Knex | Knex.Transaction, email: string): Promise<boolean> {
  return (await db(USERS).where({ email }).first('id')) !== undefined;
}

export async function findUserByEmail(db: Knex, email: string): Promise<UserWithAccount | undefined> {
  return db(`${USERS} as u`)
    .join(`${ACCOUNTS} as a`, 'a.id', 'u.account_id')
    .where('u.email', email)
    .first('u.*', 'a.status as account_status');
}

export async function findUserWithAccount(db: Knex, userId: string): Promise<UserWithAccount | undefined> {
  return db(`${USERS} as u`)
    .join(`${ACCOUNTS} as a`, 'a.id', 'u.account_id')
    .where('u.id', userId)
    .first('u.*', 'a.status as account_status');
}

/** pending -> active; false when the account was already active (nothing to announce). */
export async function activateAccount(trx: Knex.Transaction, accountId: string, now: Date): Promise<boolean> {
  const rows = await trx(ACCOUNTS)
    .where({ id: accountId, status: 'pending' })
    .update({ status: 'active', email_verified_at: now, updated_at: now })
    .returning('id');
  return rows.length === 1;
}

export async function markUserEmailVerified(trx: Knex.Transaction, userId: string, now: Date): Promise<void> {
  await trx(USERS).where({ id: userId }).whereNull('email_verified_at').update({ email_verified_at: now });
}
