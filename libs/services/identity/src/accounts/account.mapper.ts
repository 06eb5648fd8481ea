import type { identityV1 } from '@mp/contracts';
import { toIso, toIsoOrUndefined } from '../shared/time';
import type { AccountRow, UserRow } from './accounts.repository';

export function toAccount(row: AccountRow): identityV1.Account {
  return {
    accountId: row.id,
    organizationName: row.organization_name,
    status: row.status,
    subscriptionStatus: row.subscription_status,
    emailVerifiedAt: toIsoOrUndefined(row.email_verified_at),
    createdAt: toIso(row.created_at),
  };
}

/** Never carries the password hash. */
export function toUser(row: UserRow): identityV1.User {
  return {
    userId: row.id,
    accountId: row.account_id,
    email: row.email,
    role: row.role,
    subaccountId: row.subaccount_id ?? undefined,
    status: row.status,
    mfaEnabled: row.mfa_enabled,
    createdAt: toIso(row.created_at),
  };
}
