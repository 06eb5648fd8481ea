import { messagingEvents, RECIPIENT_UNSUBSCRIBED_AT_CARRIER } from '@mp/contracts';
import { isUuid } from '@mp/grpc';
import type { EventEnvelope } from '@mp/events';
import type { KeywordReply } from '../reply-keywords/keyword-reply';
import { canonicalAddress, channelsOfAddress, type Channel } from '../opt-outs/opt-out';

/** What the ledger entry and the opt-out say of a STOP the carrier reported by refusing a send. */
export const CARRIER_OPT_OUT_REASON = 'carrier: recipient unsubscribed (Twilio 21610)';

/** The lifecycle events a carrier's refusal ends a message with: refused at submission, or (a receipt) failed. */
export const CARRIER_REFUSAL_EVENT_TYPES = ['MessageRejected', 'MessageFailed'] as const;

/** Whether a messaging.events envelope is a carrier's refusal for a recipient who unsubscribed there (no parsing beyond the reason). */
export function isCarrierOptOutEvent(event: EventEnvelope): boolean {
  const reason = (event.payload as { reason?: unknown } | null)?.reason;
  return (CARRIER_REFUSAL_EVENT_TYPES as readonly string[]).includes(event.type) && reason === RECIPIENT_UNSUBSCRIBED_AT_CARRIER;
}

/**
 * A lifecycle event whose reason is exactly RECIPIENT_UNSUBSCRIBED_AT_CARRIER as
 * the STOP it stands for: the recipient (the message's destination) opted out on
 * the number the refused attempt went from (`from_address`), on the message's
 * channel, for its subaccount, at the moment of the refusal (its order against
 * STOP and START replies on that number). Undefined for any other event; throws
 * when such an event lacks what the opt-out needs (a refusal told by a receipt
 * names no sending number).
 */
export function carrierRefusalOf(event: EventEnvelope): KeywordReply | undefined {
  if (!isCarrierOptOutEvent(event)) return undefined;
  const message = messagingEvents.MessageLifecycleEvent.fromJSON(event.payload ?? {});
  const recipient = canonicalAddress(message.destination);
  const receivingNumber = canonicalAddress(message.fromAddress ?? '');
  const subaccountId = message.subaccountId || null;
  const channel = channelsOfAddress(recipient).find((c) => c.toLowerCase() === message.channelType.toLowerCase());
  if (!isUuid(message.accountId) || (subaccountId !== null && !isUuid(subaccountId)) || recipient === '' || receivingNumber === '' || !channel) {
    throw new Error(`${event.type} ${message.messageId || '(no id)'} (${RECIPIENT_UNSUBSCRIBED_AT_CARRIER}) lacks its account, recipient, channel or sending number`);
  }
  const refusedAt = new Date(message.occurredAt || Number.NaN);
  return {
    keyword: 'Stop',
    inboundMessageId: '',
    accountId: message.accountId,
    subaccountId,
    channel,
    recipient,
    receivingNumber,
    channels: [channel as Channel],
    receivedAt: Number.isNaN(refusedAt.getTime()) ? null : refusedAt,
    carrierRefusal: { messageId: message.messageId, reason: CARRIER_OPT_OUT_REASON },
  };
}
