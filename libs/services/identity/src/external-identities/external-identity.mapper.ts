import type { identityV1 } from '@mp/contracts';
import { toIso, toIsoOrUndefined } from '../shared/time';
import type { ExternalIdentityRow } from './external-identities.repository';

export function toExternalIdentity(row: ExternalIdentityRow): identityV1.ExternalIdentity {
  return {
    identityId: row.id,
    provider: row.provider,
    subject: row.subject,
    email: row.email ?? undefined,
    linkedAt: toIso(row.linked_at),
    unlinkedAt: toIsoOrUndefined(row.unlinked_at),
  };
}
