import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { canReachSubaccount } from '../authorization/access-policy';
import { isUuid } from '../shared/ids';
import { findApiKey, type ApiKeyRow } from './api-keys.repository';

/** A key the principal may manage, or NOT_FOUND (another account's key, or out of its subaccount). */
export async function findManageableKey(db: Knex, principal: Principal, apiKeyId: string): Promise<ApiKeyRow> {
  const row = isUuid(apiKeyId) ? await findApiKey(db, principal.accountId, apiKeyId) : undefined;
  if (!row || row.status === 'deleted' || !canReachSubaccount(principal, row.subaccount_id)) throw DomainError.notFound('API key');
  return row;
}
