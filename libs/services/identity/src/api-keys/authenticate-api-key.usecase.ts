import type { identityV1 } from '@mp/contracts';
import { DomainError, type ProblemCode } from '@mp/problems';
import type { IdentityContext } from '../identity-context';
import { readJson } from '../shared/json-column';
import { hashApiKey, isWellFormedApiKey } from './api-key-format';
import { apiKeyRefusal } from './api-key-standing';
import { findApiKeyByHash } from './api-keys.repository';

const MESSAGES: Partial<Record<ProblemCode, string>> = {
  API_KEY_INVALID: 'The API key is not valid.',
  API_KEY_REVOKED: 'The API key was revoked.',
  API_KEY_EXPIRED: 'The API key has expired.',
  API_KEY_DELETED: 'The API key was deleted.',
  ACCOUNT_INACTIVE: 'The account of this API key is not active.',
};

/**
 * Called by the gateway for a request with `X-Api-Key` (unless it holds the
 * key's principal from an earlier call: it keeps it until the key expires, a
 * TTL passes or AccessChanged says the key or its account changed).
 */
export async function authenticateApiKey(ctx: IdentityContext, request: identityV1.AuthenticateApiKeyRequest): Promise<identityV1.AuthenticatedApiKey> {
  const key = request.key ?? '';
  // A malformed key cannot be ours: answer without touching the database.
  const row = isWellFormedApiKey(key) ? await findApiKeyByHash(ctx.db, hashApiKey(key)) : undefined;
  const refusal = apiKeyRefusal(
    row && { status: row.status, expiresAt: row.expires_at && new Date(row.expires_at), accountStatus: row.account_status },
    ctx.clock.now(),
  );
  if (refusal) throw new DomainError(refusal, MESSAGES[refusal], { authScheme: 'ApiKey' });
  const found = row!;
  return {
    principal: {
      kind: 'api_key',
      accountId: found.account_id,
      apiKeyId: found.id,
      subaccountId: found.subaccount_id ?? undefined,
      rights: readJson<string[]>(found.rights),
    },
    expiresAt: found.expires_at ? new Date(found.expires_at).toISOString() : undefined,
  };
}
