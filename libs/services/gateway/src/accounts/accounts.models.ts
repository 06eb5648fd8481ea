/** The account. */
export interface AccountResource {
  accountId: string;
  organizationName: string;
  /** `pending` until the email is verified, then `active`. */
  status: string;
  /** `trialing`, `active`, or an ended state (sends then answer 402). */
  subscriptionStatus: string;
  emailVerifiedAt: string | null;
  createdAt: string;
}

/** A subaccount, with its quotas (null: unlimited). */
export interface SubaccountResource {
  subaccountId: string;
  accountId: string;
  name: string;
  /** Messages per day; null is unlimited. */
  dailyQuota: number | null;
  /** Messages per month; null is unlimited. */
  monthlyQuota: number | null;
  status: string;
  createdAt: string;
}

/** A new subaccount and its quotas (null: unlimited). */
export interface CreateSubaccountRequest {
  /** @maxLength 200 */
  name: string;
  /** @isInt */
  dailyQuota?: number | null;
  /** @isInt */
  monthlyQuota?: number | null;
}

/** A subaccount's new name or quotas; a field left out keeps its value. */
export interface UpdateSubaccountRequest {
  /** @maxLength 200 */
  name?: string;
  /** @isInt */
  dailyQuota?: number | null;
  /** @isInt */
  monthlyQuota?: number | null;
}

/** The account's subaccounts. */
export interface SubaccountList {
  items: SubaccountResource[];
}
