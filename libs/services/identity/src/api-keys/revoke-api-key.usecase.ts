import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { announceAccessChange } from '../access-changes/announce-access-change';
import { requireManager } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { toApiKey } from './api-key.mapper';
import { deleteApiKey, findApiKey, revokeApiKey } from './api-keys.repository';
import { findManageableKey } from './find-manageable-key';

/**
 * Revokes at once and for good; revoking again answers the already revoked
 * key. With `purge` the key is deleted: it leaves listings, cannot be changed
 * and, presented, answers API_KEY_DELETED; a deleted key is not found. A
 * change is announced (AccessChanged), so gateways holding the key's
 * principal drop it.
 */
export async function revokeApiKeyOf(ctx: IdentityContext, principal: Principal, request: identityV1.RevokeApiKeyRequest): Promise<identityV1.ApiKey> {
  requireManager(principal);
  return ctx.db.transaction(async (trx) => {
    const before = await findManageableKey(trx, principal, request.apiKeyId);
    const now = ctx.clock.now();
    if (request.purge) await deleteApiKey(trx, principal.accountId, request.apiKeyId, now);
    else await revokeApiKey(trx, principal.accountId, request.apiKeyId, now);
    const row = await findApiKey(trx, principal.accountId, request.apiKeyId);
    if (!row) throw DomainError.notFound('API key');
    if (row.status !== before.status) {
      await announceAccessChange(ctx.outbox, trx, {
        accountId: row.account_id,
        apiKeyId: row.id,
        reason: row.status === 'deleted' ? 'api_key_deleted' : 'api_key_revoked',
      });
    }
    return toApiKey(row);
  });
}
