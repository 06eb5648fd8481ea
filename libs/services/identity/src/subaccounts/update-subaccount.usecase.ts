import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { canReachSubaccount, requireAccount, requireManager } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { isUuid } from '../shared/ids';
import { parseSubaccountChanges } from './subaccount-input';
import { toSubaccount } from './subaccount.mapper';
import { updateSubaccount } from './subaccounts.repository';

export async function changeSubaccount(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.UpdateSubaccountRequest,
): Promise<identityV1.Subaccount> {
  const notFound = () => DomainError.notFound('Subaccount');
  requireAccount(principal, request.accountId, 'Subaccount');
  // Unreachable is answered before the role check: it must look like "does not exist".
  if (!isUuid(request.subaccountId) || !canReachSubaccount(principal, request.subaccountId)) throw notFound();
  requireManager(principal);
  const changes = parseSubaccountChanges(request);
  const row = await updateSubaccount(
    ctx.db,
    request.accountId,
    request.subaccountId,
    {
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.dailyQuota !== undefined && { daily_quota: changes.dailyQuota }),
      ...(changes.monthlyQuota !== undefined && { monthly_quota: changes.monthlyQuota }),
    },
    ctx.clock.now(),
  );
  if (!row) throw notFound();
  return toSubaccount(row);
}
