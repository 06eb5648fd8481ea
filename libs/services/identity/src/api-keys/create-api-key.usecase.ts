import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { requireManager } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { newId } from '../shared/ids';
import { findSubaccount } from '../subaccounts/subaccounts.repository';
import { displayPrefix, generateApiKey, hashApiKey } from './api-key-format';
import { parseNewApiKey } from './api-key-input';
import { toApiKey } from './api-key.mapper';
import { insertApiKey } from './api-keys.repository';

/** Creates a key for the caller's account; the key itself is returned here and never again. */
export async function createApiKey(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.CreateApiKeyRequest,
): Promise<identityV1.CreatedApiKey> {
  requireManager(principal);
  const now = ctx.clock.now();
  const input = parseNewApiKey(request, now);

  // A user limited to a subaccount can only hand out keys limited to it too.
  const subaccountId = input.subaccountId ?? principal.subaccountId ?? null;
  if (principal.subaccountId && subaccountId !== principal.subaccountId) throw badSubaccount();
  if (subaccountId && !(await findSubaccount(ctx.db, principal.accountId, subaccountId))) throw badSubaccount();

  const key = generateApiKey();
  const row = await insertApiKey(ctx.db, {
    id: newId(),
    account_id: principal.accountId,
    subaccount_id: subaccountId,
    name: input.name,
    rights: input.rights,
    key_hash: hashApiKey(key),
    prefix: displayPrefix(key),
    status: 'active',
    expires_at: input.expiresAt,
    created_by_user_id: principal.userId ?? null,
    created_at: now,
    updated_at: now,
    revoked_at: null,
    deleted_at: null,
  });
  return { apiKey: toApiKey(row), key };
}

/** Same answer for "not yours" and "does not exist", so other tenants' ids cannot be probed. */
function badSubaccount(): DomainError {
  return DomainError.validation({ subaccountId: ['must be the id of a subaccount of this account'] });
}
