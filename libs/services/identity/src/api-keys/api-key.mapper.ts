import type { identityV1 } from '@mp/contracts';
import { readJson } from '../shared/json-column';
import { toIso, toIsoOrUndefined } from '../shared/time';
import type { ApiKeyRow } from './api-keys.repository';

/** Never carries key material: only the display prefix. */
export function toApiKey(row: ApiKeyRow): identityV1.ApiKey {
  return {
    apiKeyId: row.id,
    name: row.name,
    rights: readJson<string[]>(row.rights),
    subaccountId: row.subaccount_id ?? undefined,
    expiresAt: toIsoOrUndefined(row.expires_at),
    status: row.status,
    prefix: row.prefix,
    createdAt: toIso(row.created_at),
    revokedAt: toIsoOrUndefined(row.revoked_at),
  };
}
