import type { ChannelType } from '../messages/messages.models';

/** Totals over the charges a billing read covers. */
export interface MessageCostTotalsResource {
  /** Sum of the charges in `currency` (decimal, at most 6 places), e.g. 0.0158. */
  amount: number;
  /** The same sum exactly, in integer millionths of `currency` (15800 = 0.0158 USD). */
  amountMicros: number;
  /** Channel attempts charged (each sent attempt is charged once). */
  chargeCount: number;
  /** Distinct messages charged. */
  messageCount: number;
}

/** Charges of sent messages over a date range (`from` inclusive, `to` exclusive). */
export interface MessageCostSummaryResource extends MessageCostTotalsResource {
  accountId: string;
  /** The subaccount the totals are limited to, or null for the whole account. */
  subaccountId: string | null;
  from: string;
  to: string;
  /** ISO 4217; always USD. */
  currency: string;
}

/** The totals of one channel. */
export interface ChannelCostResource extends MessageCostTotalsResource {
  channelType: ChannelType;
}

/** The summary split by channel: every channel, in the order Sms, WhatsApp, Email, zero when unused. */
export interface MessageCostsByChannelResource extends MessageCostSummaryResource {
  items: ChannelCostResource[];
}

/** The charge of one sent channel attempt. */
export interface MessageChargeResource {
  chargeId: string;
  messageId: string;
  subaccountId: string | null;
  /** Which channel attempt of the message (1 for the first). */
  attemptNumber: number;
  channelType: ChannelType;
  destination: string;
  fromAddress: string | null;
  segmentCount: number;
  amount: number;
  amountMicros: number;
  currency: string;
  /** When the carrier accepted the attempt. */
  chargedAt: string;
}

/** A page of charges, newest first; pass `nextCursor` back as `cursor` for the next page (null at the end). */
export interface MessageChargePageResource {
  from: string;
  to: string;
  currency: string;
  items: MessageChargeResource[];
  nextCursor: string | null;
}

/** Something the carrier said about a message. */
export interface CarrierEventResource {
  eventId: string;
  /** `submission_accepted`, `submission_refused`, `submission_unavailable` (transient, retried), `submission_invalid`, `receipt`. */
  type: string;
  attemptNumber: number;
  channelType: ChannelType;
  /** The carrier's name on receipts (`sim` in sandbox). */
  carrier: string | null;
  carrierMessageId: string | null;
  /** The carrier's own status: `accepted`, `refused`, `unavailable`, `invalid`, or a receipt's `delivered`/`undelivered`. */
  rawStatus: string;
  /** The carrier's error code, when it gave one. */
  errorCode: string | null;
  /** The documented reason the platform maps the event to (see the carrier error code table). */
  reason: string | null;
  /** The carrier's own words, when it gave any. */
  detail: string | null;
  occurredAt: string;
  recordedAt: string;
}

/** What the carrier said about a message, in order. */
export interface CarrierEventListResource {
  messageId: string;
  /** In the order they happened. */
  items: CarrierEventResource[];
}
