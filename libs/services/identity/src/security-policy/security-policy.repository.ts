import type { Knex } from 'knex';

export const ACCOUNT_SECURITY_POLICIES = 'account_security_policies';

export interface SecurityPolicyRow {
  account_id: string;
  require_mfa: boolean;
  updated_by_user_id: string | null;
  updated_at: Date;
}

export async function findSecurityPolicy(db: Knex, accountId: string): Promise<SecurityPolicyRow | undefined> {
  return db<SecurityPolicyRow>(ACCOUNT_SECURITY_POLICIES).where({ account_id: accountId }).first();
}

/** Whether the account requires MFA of every user (no row: the default, it does not). */
export async function accountRequiresMfa(db: Knex, accountId: string): Promise<boolean> {
  return (await findSecurityPolicy(db, accountId))?.require_mfa === true;
}

/** Insert or overwrite in one statement, so two concurrent first updates cannot collide. */
export async function saveSecurityPolicy(
  trx: Knex.Transaction,
  policy: { accountId: string; requireMfa: boolean; userId: string },
  now: Date,
): Promise<SecurityPolicyRow> {
  const [row] = await trx<SecurityPolicyRow>(ACCOUNT_SECURITY_POLICIES)
    .insert({ account_id: policy.accountId, require_mfa: policy.requireMfa, updated_by_user_id: policy.userId, updated_at: now })
    .onConflict('account_id')
    .merge()
    .returning('*');
  return row as SecurityPolicyRow;
}
