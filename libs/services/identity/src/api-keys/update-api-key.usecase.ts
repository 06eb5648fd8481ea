import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { announceAccessChange } from '../access-changes/announce-access-change';
import { requireManager } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { parseApiKeyChanges } from './api-key-input';
import { toApiKey } from './api-key.mapper';
import { updateApiKey } from './api-keys.repository';
import { findManageableKey } from './find-manageable-key';

/**
 * Renames a key or replaces its rights; takes effect at the key's next use
 * (new rights are announced, AccessChanged, so no gateway keeps the old ones).
 */
export async function changeApiKey(ctx: IdentityContext, principal: Principal, request: identityV1.UpdateApiKeyRequest): Promise<identityV1.ApiKey> {
  requireManager(principal);
  return ctx.db.transaction(async (trx) => {
    await findManageableKey(trx, principal, request.apiKeyId);
    const changes = parseApiKeyChanges(request);
    const row = await updateApiKey(trx, principal.accountId, request.apiKeyId, changes, ctx.clock.now());
    if (!row) throw DomainError.notFound('API key');
    if (changes.rights !== undefined) {
      await announceAccessChange(ctx.outbox, trx, { accountId: row.account_id, apiKeyId: row.id, reason: 'api_key_updated' });
    }
    return toApiKey(row);
  });
}
