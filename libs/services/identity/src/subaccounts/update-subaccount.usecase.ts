import type { identityV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { announceAccessChange } from '../access-changes/announce-access-change';
import { requireManager } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { isUuid } from '../shared/ids';
import { parseSubaccountChanges } from './subaccount-input';
import { toSubaccount } from './subaccount.mapper';
import { updateSubaccount } from './subaccounts.repository';

/** Renames a subaccount or changes its quotas; new quotas are announced (AccessChanged) for messaging's cached standing. */
export async function changeSubaccount(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.UpdateSubaccountRequest,
): Promise<identityV1.Subaccount> {
  const notFound = () => DomainError.notFound('Subaccount');
  // Unreachable is answered before the role check: it must look like "does not exist".
  if (!isUuid(request.subaccountId)) throw notFound();
  reachAccount(principal, { accountId: request.accountId, subaccountId: request.subaccountId, what: 'Subaccount' });
  requireManager(principal);
  const changes = parseSubaccountChanges(request);
  const quotasChanged = changes.dailyQuota !== undefined || changes.monthlyQuota !== undefined;
  return ctx.db.transaction(async (trx) => {
    const row = await updateSubaccount(
      trx,
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
    if (quotasChanged) await announceAccessChange(ctx.outbox, trx, { accountId: row.account_id, subaccountId: row.id, reason: 'subaccount_updated' });
    return toSubaccount(row);
  });
}
