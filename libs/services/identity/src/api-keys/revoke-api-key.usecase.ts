import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { requireManager } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { toApiKey } from './api-key.mapper';
import { deleteApiKey, findApiKey, revokeApiKey } from './api-keys.repository';
import { findManageableKey } from './find-manageable-key';

/**
 * Revokes at once and for good; revoking again answers the already revoked
 * key. With `purge` the key is deleted: it leaves listings, cannot be changed
 * and, presented, answers API_KEY_DELETED; a deleted key is not found.
 */
export async function revokeApiKeyOf(ctx: IdentityContext, principal: Principal, request: identityV1.RevokeApiKeyRequest): Promise<identityV1.ApiKey> {
  requireManager(principal);
  await findManageableKey(ctx, principal, request.apiKeyId);
  const now = ctx.clock.now();
  if (request.purge) await deleteApiKey(ctx.db, principal.accountId, request.apiKeyId, now);
  else await revokeApiKey(ctx.db, principal.accountId, request.apiKeyId, now);
  const row = await findApiKey(ctx.db, principal.accountId, request.apiKeyId);
  if (!row) throw DomainError.notFound('API key');
  return toApiKey(row);
}
