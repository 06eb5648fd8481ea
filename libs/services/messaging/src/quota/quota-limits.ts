import type { identityV1 } from '@mp/contracts';
import type { QuotaLimits } from './quota-ledger';

/** Identity owns the limits (subaccount quotas, account quotas); absent means unlimited. */
export function limitsOf(standing: Pick<identityV1.SendingStanding, 'dailyQuota' | 'monthlyQuota'>): QuotaLimits {
  return { day: standing.dailyQuota ?? null, month: standing.monthlyQuota ?? null };
}
