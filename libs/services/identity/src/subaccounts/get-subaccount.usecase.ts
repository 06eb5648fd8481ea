import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { canReachSubaccount, requireAccount } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { isUuid } from '../shared/ids';
import { toSubaccount } from './subaccount.mapper';
import { findSubaccount } from './subaccounts.repository';

export async function getSubaccount(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.GetSubaccountRequest,
): Promise<identityV1.Subaccount> {
  requireAccount(principal, request.accountId, 'Subaccount');
  const row =
    isUuid(request.subaccountId) && canReachSubaccount(principal, request.subaccountId)
      ? await findSubaccount(ctx.db, request.accountId, request.subaccountId)
      : undefined;
  if (!row) throw DomainError.notFound('Subaccount');
  return toSubaccount(row);
}
