import type { Knex } from 'knex';
import { ACCOUNTS } from '../accounts/accounts.repository';
import type { ApiKeyRight } from './api-key-rights';
import type { ApiKeyStatus } from './api-key-standing';

export const API_KEYS = 'api_keys';

export interface ApiKeyRow {
  id: string;
  account_id: string;
  subaccount_id: string | null;
  name: string;
  rights: ApiKeyRight[];
  key_hash: string;
  prefix: string;
  status: ApiKeyStatus;
  expires_at: Date | null;
  created_by_user_id: string | null;
  created_at: Date;
  updated_at: Date;
  revoked_at: Date | null;
  deleted_at: Date | null;
}

export interface ApiKeyWithAccount extends ApiKeyRow {
  account_status: string;
}

export async function insertApiKey(db: Knex, row: ApiKeyRow): Promise<ApiKeyRow> {
  const [created] = await db(API_KEYS)
    .insert({ ...row, rights: JSON.stringify(row.rights) })
    .returning('*');
  return created as ApiKeyRow;
}

export async function findApiKeyByHash(db: Knex, keyHash: string): Promise<ApiKeyWithAccount | undefined> {
  return db(`${API_KEYS} as k`)
    .join(`${ACCOUNTS} as a`, 'a.id', 'k.account_id')
    .where('k.key_hash', keyHash)
    .first('k.*', 'a.status as account_status');
}

/** Scoped by account: another account's key is not found. */
export async function findApiKey(db: Knex, accountId: string, apiKeyId: string): Promise<ApiKeyRow | undefined> {
  return db<ApiKeyRow>(API_KEYS).where({ id: apiKeyId, account_id: accountId }).first();
}

export async function listApiKeys(db: Knex, accountId: string, subaccountId?: string): Promise<ApiKeyRow[]> {
  const query = db<ApiKeyRow>(API_KEYS)
    .where({ account_id: accountId })
    .whereNot({ status: 'deleted' })
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
  if (subaccountId) query.andWhere({ subaccount_id: subaccountId });
  return query;
}

export async function updateApiKey(
  db: Knex,
  accountId: string,
  apiKeyId: string,
  changes: { name?: string; rights?: ApiKeyRight[] },
  now: Date,
): Promise<ApiKeyRow | undefined> {
  const [row] = await db(API_KEYS)
    .where({ id: apiKeyId, account_id: accountId })
    .whereNot({ status: 'deleted' })
    .update({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.rights !== undefined && { rights: JSON.stringify(changes.rights) }),
      updated_at: now,
    })
    .returning('*');
  return row as ApiKeyRow | undefined;
}

/** Idempotent: revoking a revoked key keeps its first revocation time. */
export async function revokeApiKey(db: Knex, accountId: string, apiKeyId: string, now: Date): Promise<ApiKeyRow | undefined> {
  await db(API_KEYS)
    .where({ id: apiKeyId, account_id: accountId, status: 'active' })
    .update({ status: 'revoked', revoked_at: now, updated_at: now });
  return findApiKey(db, accountId, apiKeyId);
}

/** Deletes for good (soft: the row stays so a presented key can be told apart from an unknown one). */
export async function deleteApiKey(db: Knex, accountId: string, apiKeyId: string, now: Date): Promise<void> {
  await db(API_KEYS)
    .where({ id: apiKeyId, account_id: accountId })
    .whereNot({ status: 'deleted' })
    .update({ status: 'deleted', revoked_at: db.raw('coalesce(revoked_at, ?)', [now]), deleted_at: now, updated_at: now });
}
