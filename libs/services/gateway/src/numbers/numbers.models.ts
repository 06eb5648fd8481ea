import type { ChannelType } from '../messages/messages.models';

/** A number (Sms, WhatsApp) or an email sender address (Email) of the account. */
export interface NumberResource {
  /** @format uuid */
  numberId: string;
  /** E.164 number for Sms and WhatsApp senders, null for an email sender. */
  phoneNumber: string | null;
  /** Sender address for Email, null for phone numbers. */
  emailAddress: string | null;
  channelTypes: ChannelType[];
  /** The subaccount it belongs to; null for an account-level number (any of the account's sends may use it). */
  subaccountId: string | null;
  /** `active`: listed numbers are always active (a released number is gone). */
  status: string;
  /**
   * Ready to send from a RoundRobin or LeastUsed pool (spec 4.5): sandbox
   * numbers and email sender addresses are; a production long code once it is
   * assigned to a 10DLC campaign.
   */
  readyToSend: boolean;
  /** The 10DLC campaign a production long code is assigned to. */
  campaignId: string | null;
  /** The number pool it is in (a number is in at most one). */
  poolId: string | null;
  /**
   * Times it was picked from a pool (LeastUsed picks the lowest).
   * @isInt
   */
  useCount: number;
  createdAt: string;
}

/**
 * A channel name in a request list: `Sms`, `WhatsApp` or `Email`; any other
 * is 400 `VALIDATION_FAILED` naming the list.
 * @maxLength 16
 */
export type ChannelName = string;

/** The account's numbers. */
export interface NumberList {
  items: NumberResource[];
}

/**
 * A number to provision (DECISIONS Numbers). In sandbox it is provisioned at
 * once and ready to send.
 * - `channelTypes`: `Sms` and/or `WhatsApp` for a phone number; `["Email"]`
 *   alone for an email sender address, which the platform picks on the
 *   sandbox mail domain (`phoneNumber` and `countryCode` are then refused).
 * - `phoneNumber`: the E.164 number to add; 409 `CONFLICT` when an active
 *   number (of any account) holds it. Left out: a free number is picked.
 * - `countryCode`: ISO 3166-1 alpha-2 country a picked number comes from
 *   (`US`, `CA`, `GB`; others are 400). With `phoneNumber`, the number must
 *   be of that country.
 * - `subaccountId`: the number is that subaccount's (its sends use it first);
 *   left out, it is the account's. A caller limited to a subaccount always
 *   provisions for its own.
 */
export interface CreateNumberRequest {
  /** @maxLength 32 */
  phoneNumber?: string;
  /** @maxLength 8 */
  countryCode?: string;
  /**
   * `Sms` and/or `WhatsApp`, or `Email` alone.
   * @maxItems 3
   */
  channelTypes: ChannelName[];
  /** @maxLength 64 */
  subaccountId?: string;
}
