import type { identityV1 } from '@mp/contracts';
import { orNull } from '../common/nullable';
import type { AccountResource, SubaccountResource } from './accounts.models';

export const toAccountResource = (a: identityV1.Account): AccountResource => ({
  accountId: a.accountId,
  organizationName: a.organizationName,
  status: a.status,
  subscriptionStatus: a.subscriptionStatus,
  emailVerifiedAt: orNull(a.emailVerifiedAt),
  createdAt: a.createdAt ?? '',
});

export const toSubaccountResource = (s: identityV1.Subaccount): SubaccountResource => ({
  subaccountId: s.subaccountId,
  accountId: s.accountId,
  name: s.name,
  dailyQuota: orNull(s.dailyQuota),
  monthlyQuota: orNull(s.monthlyQuota),
  status: s.status,
  createdAt: s.createdAt ?? '',
});

/** Absent keeps the quota; null makes it unlimited; a number sets it. */
export const quotaChange = (body: object, key: 'dailyQuota' | 'monthlyQuota', value: number | null | undefined) =>
  key in body ? { value: value ?? undefined } : undefined;
