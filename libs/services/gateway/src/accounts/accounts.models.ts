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

/**
 * A quota: messages per period, a whole number from 1 to 100,000,000 (null: unlimited).
 * @isInt
 * @minimum 1
 * @maximum 100000000
 */
export type Quota = number;

/** A new subaccount and its quotas (null: unlimited). */
export interface CreateSubaccountRequest {
  /**
   * 1 to 100 characters.
   * @maxLength 100
   */
  name: string;
  dailyQuota?: Quota | null;
  monthlyQuota?: Quota | null;
}

/** A subaccount's new name or quotas; a field left out keeps its value. */
export interface UpdateSubaccountRequest {
  /**
   * 1 to 100 characters.
   * @maxLength 100
   */
  name?: string;
  dailyQuota?: Quota | null;
  monthlyQuota?: Quota | null;
}

/** The account's subaccounts. */
export interface SubaccountList {
  items: SubaccountResource[];
}
