import type { identityV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { IdentityContext } from '../identity-context';
import { isUuid } from '../shared/ids';
import { findSubaccount } from '../subaccounts/subaccounts.repository';
import { findAccount } from './accounts.repository';
import { isSubscriptionActive } from './subscription';

/**
 * What messaging checks at each send. Internal: messaging has already
 * authorised the caller against the account, so no principal is required.
 */
export async function getSendingStanding(
  ctx: IdentityContext,
  request: identityV1.GetSendingStandingRequest,
): Promise<identityV1.SendingStanding> {
  const account = isUuid(request.accountId) ? await findAccount(ctx.db, request.accountId) : undefined;
  if (!account) throw DomainError.notFound('Account');
  const standing: identityV1.SendingStanding = {
    accountStatus: account.status,
    subscriptionActive: isSubscriptionActive(account.subscription_status),
  };
  // The account's own sends (no subaccount) have the deployment's account quotas.
  if (request.subaccountId === undefined || request.subaccountId === '') {
    return { ...standing, dailyQuota: ctx.config.ACCOUNT_DAILY_QUOTA, monthlyQuota: ctx.config.ACCOUNT_MONTHLY_QUOTA };
  }

  const subaccount = isUuid(request.subaccountId) ? await findSubaccount(ctx.db, account.id, request.subaccountId) : undefined;
  if (!subaccount) throw DomainError.notFound('Subaccount');
  return {
    ...standing,
    dailyQuota: subaccount.daily_quota ?? undefined,
    monthlyQuota: subaccount.monthly_quota ?? undefined,
  };
}
