import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { requireManager } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { toApiKey } from './api-key.mapper';
import { listApiKeys } from './api-keys.repository';

/** Key management is for Admins and Managers; a subaccount-limited one sees that subaccount's keys. */
export async function listApiKeysOf(ctx: IdentityContext, principal: Principal): Promise<identityV1.ListApiKeysResponse> {
  requireManager(principal);
  const rows = await listApiKeys(ctx.db, principal.accountId, principal.subaccountId);
  return { items: rows.map(toApiKey) };
}
