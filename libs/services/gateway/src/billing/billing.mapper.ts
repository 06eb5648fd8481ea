import type { messagingV1 } from '@mp/contracts';
import { orNull } from '../common/nullable';
import type { ChannelType } from '../messages/messages.models';
import type {
  CarrierEventResource,
  ChannelCostResource,
  MessageChargeResource,
  MessageCostSummaryResource,
  MessageCostTotalsResource,
} from './billing.models';

/** Micro-units to a decimal amount: one division of an exact integer, so no drift. */
const amountOf = (micros: number) => micros / 1_000_000;

export function toTotals(t: messagingV1.MessageCostTotals | undefined): MessageCostTotalsResource {
  const micros = t?.amountMicros ?? 0;
  return { amount: amountOf(micros), amountMicros: micros, chargeCount: t?.chargeCount ?? 0, messageCount: t?.messageCount ?? 0 };
}

export function toSummary(s: messagingV1.MessageCostSummary | messagingV1.MessageCostsByChannel): Omit<MessageCostSummaryResource, keyof MessageCostTotalsResource> {
  return { accountId: s.accountId, subaccountId: orNull(s.subaccountId), from: s.from ?? '', to: s.to ?? '', currency: s.currency };
}

export const toChannelCost = (c: messagingV1.ChannelCost): ChannelCostResource => ({
  channelType: c.channelType as ChannelType,
  ...toTotals(c.total),
});

export const toCharge = (c: messagingV1.MessageCharge): MessageChargeResource => ({
  chargeId: c.chargeId,
  messageId: c.messageId,
  subaccountId: orNull(c.subaccountId),
  attemptNumber: c.attemptNumber,
  channelType: c.channelType as ChannelType,
  destination: c.destination,
  fromAddress: orNull(c.fromAddress),
  segmentCount: c.segmentCount,
  amount: amountOf(c.amountMicros),
  amountMicros: c.amountMicros,
  currency: c.currency,
  chargedAt: c.chargedAt ?? '',
});

export const toCarrierEvent = (e: messagingV1.CarrierEvent): CarrierEventResource => ({
  eventId: e.eventId,
  type: e.type,
  attemptNumber: e.attemptNumber,
  channelType: e.channelType as ChannelType,
  carrier: orNull(e.carrier),
  carrierMessageId: orNull(e.carrierMessageId),
  rawStatus: e.rawStatus,
  errorCode: orNull(e.errorCode),
  reason: orNull(e.reason),
  detail: orNull(e.detail),
  occurredAt: e.occurredAt ?? '',
  recordedAt: e.recordedAt ?? '',
});
