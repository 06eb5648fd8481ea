import type { identityV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { requireManager } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { newId } from '../shared/ids';
import { parseNewSubaccount } from './subaccount-input';
import { toSubaccount } from './subaccount.mapper';
import { insertSubaccount } from './subaccounts.repository';

export async function createSubaccount(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.CreateSubaccountRequest,
): Promise<identityV1.Subaccount> {
  reachAccount(principal, { accountId: request.accountId });
  requireManager(principal);
  // A manager limited to one subaccount administers that one, not the account.
  if (principal.subaccountId) throw new DomainError('FORBIDDEN', 'A user limited to a subaccount cannot create subaccounts.');
  const input = parseNewSubaccount(request);
  const now = ctx.clock.now();
  const row = await insertSubaccount(ctx.db, {
    id: newId(),
    account_id: request.accountId,
    name: input.name,
    daily_quota: input.dailyQuota,
    monthly_quota: input.monthlyQuota,
    status: 'active',
    created_at: now,
    updated_at: now,
  });
  return toSubaccount(row);
}
