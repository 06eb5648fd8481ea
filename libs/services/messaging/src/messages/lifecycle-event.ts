import { messagingEvents, TOPICS } from '@mp/contracts';
import { toReplyOptions } from '../templates/template.mapper';
import type { MessageRow, MessageStatus } from './message.types';

/** Event types of proto messaging/v1/events.proto (spec 6.1 plus MessageDispatched). */
export type LifecycleEventType =
  | 'MessageAccepted'
  | 'MessageDispatched'
  | 'MessageDelivered'
  | 'MessageFailed'
  | 'MessageRejected'
  | 'MessageDeadLettered'
  | 'MessageExpired';

/**
 * Where the attempt went from and, once the carrier took it (MessageDispatched), the carrier's id for it.
 * A carrier's refusal (MessageRejected) names the number too: a refusal for a recipient who unsubscribed
 * at the carrier is their opt-out at that number, which consent records.
 */
export interface DispatchFacts {
  fromAddress: string;
  carrierMessageId?: string;
}

export interface LifecycleEventContext {
  /** When the change happened, by the platform clock (the transition's `now`). */
  now: Date;
  dispatch?: DispatchFacts;
}

/**
 * The outbox entry for a lifecycle change: keyed by message id so every
 * consumer sees one message's events in order; payload in proto JSON form.
 * Replies builds its record of sent messages from these (destination,
 * options, deadline; and from MessageDispatched the sender and carrier id),
 * so every event carries the message's whole picture.
 */
export function lifecycleEvent(
  type: LifecycleEventType,
  message: MessageRow,
  previousState: MessageStatus | undefined,
  reason: string,
  context: LifecycleEventContext,
) {
  return {
    topic: TOPICS.messaging,
    key: message.id,
    type,
    // The send's trace, so a change recorded in a batch of several messages continues its own message's trace.
    traceparent: message.traceparent ?? undefined,
    payload: messagingEvents.MessageLifecycleEvent.toJSON({
      messageId: message.id,
      accountId: message.account_id,
      subaccountId: message.subaccount_id ?? undefined,
      clientReference: message.client_reference ?? undefined,
      externalId: message.external_id ?? undefined,
      channelType: message.channel_type,
      previousState,
      state: message.status,
      reason,
      destination: message.destination,
      expiresAt: message.expires_at ? new Date(message.expires_at).toISOString() : undefined,
      replyOptions: toReplyOptions(message.reply_options),
      occurredAt: context.now.toISOString(),
      attempt: message.channel_attempt,
      fromAddress: context.dispatch?.fromAddress,
      carrierMessageId: context.dispatch?.carrierMessageId,
    }) as Record<string, unknown>,
  };
}
