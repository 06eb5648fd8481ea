import type { identityV1 } from '@mp/contracts';
import { toIso } from '../shared/time';
import type { SubaccountRow } from './subaccounts.repository';

export function toSubaccount(row: SubaccountRow): identityV1.Subaccount {
  return {
    subaccountId: row.id,
    accountId: row.account_id,
    name: row.name,
    dailyQuota: row.daily_quota ?? undefined,
    monthlyQuota: row.monthly_quota ?? undefined,
    status: row.status,
    createdAt: toIso(row.created_at),
  };
}
