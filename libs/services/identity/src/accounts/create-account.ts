import { identityEvents, TOPICS } from '@mp/contracts';
import type { Knex } from 'knex';
import type { IdentityContext } from '../identity-context';
import { insertAccount, insertUser } from './accounts.repository';

export interface NewAccount {
  accountId: string;
  userId: string;
  email: string;
  organizationName: string;
  /** null for an account whose Admin signs in only through an external identity. */
  passwordHash: string | null;
}

/**
 * A pending account with its trial subscription and its Admin, and
 * AccountRegistered, in the caller's transaction: what every new account
 * starts as (registration, external sign-in).
 */
export async function insertNewAccount(ctx: IdentityContext, trx: Knex.Transaction, account: NewAccount, now: Date): Promise<void> {
  await insertAccount(trx, {
    id: account.accountId,
    organization_name: account.organizationName,
    status: 'pending',
    // DECISIONS "Accounts": new accounts start with an active trial.
    subscription_status: 'trialing',
    email_verified_at: null,
    created_at: now,
    updated_at: now,
  });
  await insertUser(trx, {
    id: account.userId,
    account_id: account.accountId,
    email: account.email,
    password_hash: account.passwordHash,
    role: 'Admin',
    subaccount_id: null,
    status: 'active',
    mfa_enabled: false,
    email_verified_at: null,
    created_at: now,
  });
  await ctx.outbox.enqueue(trx, {
    topic: TOPICS.identity,
    key: account.accountId,
    type: 'AccountRegistered',
    payload: identityEvents.AccountRegistered.toJSON({
      accountId: account.accountId,
      userId: account.userId,
      email: account.email,
      organizationName: account.organizationName,
    }),
  });
}
