import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { requireManager } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { toApiKey } from './api-key.mapper';
import { revokeApiKey } from './api-keys.repository';
import { findManageableKey } from './find-manageable-key';

/** Revokes at once and for good; revoking again answers the already revoked key. */
export async function revokeApiKeyOf(ctx: IdentityContext, principal: Principal, request: identityV1.RevokeApiKeyRequest): Promise<identityV1.ApiKey> {
  requireManager(principal);
  await findManageableKey(ctx, principal, request.apiKeyId);
  const row = await revokeApiKey(ctx.db, principal.accountId, request.apiKeyId, ctx.clock.now());
  if (!row) throw DomainError.notFound('API key');
  return toApiKey(row);
}
