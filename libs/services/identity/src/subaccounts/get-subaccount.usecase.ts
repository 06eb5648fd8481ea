import type { identityV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { IdentityContext } from '../identity-context';
import { isUuid } from '../shared/ids';
import { toSubaccount } from './subaccount.mapper';
import { findSubaccount } from './subaccounts.repository';

export async function getSubaccount(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.GetSubaccountRequest,
): Promise<identityV1.Subaccount> {
  if (!isUuid(request.subaccountId)) throw DomainError.notFound('Subaccount');
  reachAccount(principal, { accountId: request.accountId, subaccountId: request.subaccountId, what: 'Subaccount' });
  const row = await findSubaccount(ctx.db, request.accountId, request.subaccountId);
  if (!row) throw DomainError.notFound('Subaccount');
  return toSubaccount(row);
}
