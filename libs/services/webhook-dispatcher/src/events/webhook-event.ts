import { consentEvents, identityEvents, messagingEvents, repliesEvents } from '@mp/contracts';
import type { EventEnvelope } from '@mp/events';
import { isWebhookEventType, MESSAGE_EVENT_TYPES, type WebhookEventType } from '../endpoints/subscribed-events.rules';

/** An event as endpoints receive it: who it belongs to, and the exact body every attempt sends (spec 6.2). */
export interface WebhookEvent {
  eventId: string;
  eventType: WebhookEventType | 'SubscriptionChanged';
  /** Message events go to message endpoints, subscription changes to the billing webhook. */
  audience: 'message' | 'billing';
  accountId: string;
  subaccountId: string | null;
  messageId: string | null;
  /** An `accountLevelOnly` consent event: account-level endpoints only (spec 6.1). */
  accountLevelOnly: boolean;
  body: string;
}

const MESSAGE_EVENTS = new Set<string>(MESSAGE_EVENT_TYPES);

/**
 * The webhook form of a platform event, or undefined for an event no
 * customer hears about (MessageDispatched, account events...). Field names
 * of `data` follow spec 6.2; absent values are spelled null so receivers see
 * every field.
 */
export function webhookEventOf(envelope: EventEnvelope): WebhookEvent | undefined {
  const payload = envelope.payload ?? {};
  if (MESSAGE_EVENTS.has(envelope.type)) {
    const event = messagingEvents.MessageLifecycleEvent.fromJSON(payload);
    return shape(envelope, 'message', event.accountId, event.subaccountId, event.messageId, event.occurredAt, false, {
      clientReference: event.clientReference ?? null,
      previousState: event.previousState ?? null,
      reason: event.reason ?? null,
      state: event.state,
      channelType: event.channelType,
      attempt: event.attempt || 1,
    });
  }
  if (envelope.type === 'MessageReceived') {
    const reply = repliesEvents.MessageReceived.fromJSON(payload);
    return shape(envelope, 'message', reply.accountId, reply.subaccountId, reply.inReplyTo?.messageId, reply.receivedAt, false, {
      inboundMessageId: reply.inboundMessageId,
      channelType: reply.channelType,
      from: reply.from,
      to: reply.to,
      body: reply.body,
      receivedAt: reply.receivedAt,
      keyword: reply.keyword ?? null,
      inReplyTo: reply.inReplyTo ? { messageId: reply.inReplyTo.messageId, clientReference: reply.inReplyTo.clientReference ?? null } : null,
      reply: reply.reply ? (reply.reply.matched ? { matched: true, key: reply.reply.key, value: reply.reply.value } : { matched: false }) : null,
      afterExpiry: reply.afterExpiry,
    });
  }
  if (envelope.type === 'RecipientOptedOut' || envelope.type === 'RecipientOptedIn') {
    const change = consentEvents.RecipientConsentChanged.fromJSON(payload);
    const data: Record<string, unknown> = {
      recipient: change.recipient,
      channel: change.channel,
      scope: change.scope,
      sourceLabel: change.sourceLabel,
      receivingNumber: change.receivingNumber ?? null,
    };
    if (envelope.type === 'RecipientOptedIn') data.stillSuppressed = change.stillSuppressed ?? false;
    return shape(envelope, 'message', change.accountId, change.subaccountId, undefined, change.occurredAt, change.scope === 'accountLevelOnly', data);
  }
  if (envelope.type === 'SubscriptionChanged') {
    const change = identityEvents.SubscriptionChanged.fromJSON(payload);
    return shape(envelope, 'billing', change.accountId, undefined, undefined, envelope.occurredAt, false, { status: change.status });
  }
  return undefined;
}

function shape(
  envelope: EventEnvelope,
  audience: WebhookEvent['audience'],
  accountId: string,
  subaccountId: string | undefined,
  messageId: string | undefined,
  occurredAt: string,
  accountLevelOnly: boolean,
  data: Record<string, unknown>,
): WebhookEvent {
  const eventType = envelope.type as WebhookEvent['eventType'];
  if (audience === 'message' && !isWebhookEventType(eventType)) throw new Error(`not a webhook event: ${eventType}`);
  const timestamp = occurredAt || envelope.occurredAt;
  const body =
    audience === 'billing'
      ? JSON.stringify({ eventType, timestamp, accountId, data })
      : JSON.stringify({ eventType, timestamp, accountId, subaccountId: subaccountId || null, messageId: messageId || null, data });
  return { eventId: envelope.id, eventType, audience, accountId, subaccountId: subaccountId || null, messageId: messageId || null, accountLevelOnly, body };
}
