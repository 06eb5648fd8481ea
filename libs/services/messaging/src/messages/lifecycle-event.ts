import { messagingEvents, TOPICS } from '@mp/contracts';
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
 * The outbox entry for a lifecycle change: keyed by message id so every
 * consumer sees one message's events in order; payload in proto JSON form.
 */
export function lifecycleEvent(
  type: LifecycleEventType,
  message: MessageRow,
  previousState: MessageStatus | undefined,
  reason: string,
) {
  return {
    topic: TOPICS.messaging,
    key: message.id,
    type,
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
    }) as Record<string, unknown>,
  };
}
