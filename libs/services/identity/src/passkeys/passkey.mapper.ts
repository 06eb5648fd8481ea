import type { identityV1 } from '@mp/contracts';
import { toIso, toIsoOrUndefined } from '../shared/time';
import type { PasskeyRow } from './passkeys.repository';

export function toPasskey(row: PasskeyRow): identityV1.Passkey {
  return { id: row.id, name: row.name, createdAt: toIso(row.created_at), lastUsedAt: toIsoOrUndefined(row.last_used_at) };
}
