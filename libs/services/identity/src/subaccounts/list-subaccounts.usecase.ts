import type { identityV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import type { IdentityContext } from '../identity-context';
import { toSubaccount } from './subaccount.mapper';
import { listSubaccounts } from './subaccounts.repository';

/** Any role reads; a principal limited to a subaccount sees only that one. */
export async function listSubaccountsOf(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.ListSubaccountsRequest,
): Promise<identityV1.ListSubaccountsResponse> {
  reachAccount(principal, { accountId: request.accountId });
  const rows = await listSubaccounts(ctx.db, request.accountId, principal.subaccountId);
  return { items: rows.map(toSubaccount) };
}
