import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { requireAccount } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { toSubaccount } from './subaccount.mapper';
import { listSubaccounts } from './subaccounts.repository';

/** Any role reads; a principal limited to a subaccount sees only that one. */
export async function listSubaccountsOf(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.ListSubaccountsRequest,
): Promise<identityV1.ListSubaccountsResponse> {
  requireAccount(principal, request.accountId);
  const rows = await listSubaccounts(ctx.db, request.accountId, principal.subaccountId);
  return { items: rows.map(toSubaccount) };
}
