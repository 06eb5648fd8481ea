import { TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import { SpanKind, withSpanPerItem } from '@mp/telemetry';
import { recordDispatchedMessage, recordDispatchedMessages, type RecordDispatchedMessageDeps } from './record-dispatched-message.usecase';

export const MESSAGE_EVENTS_CONSUMER_GROUP = 'replies.messaging-events';

/**
 * messaging.events -> replies' own record of sent messages. Only
 * MessageDispatched counts: a message reached its carrier only then (a
 * carrier refusal or a message never sent has none). The host records each
 * event id once; the tables' keys make a repeat harmless anyway.
 */
export function messageDispatchedConsumer(deps: RecordDispatchedMessageDeps): EventConsumer {
  return {
    group: MESSAGE_EVENTS_CONSUMER_GROUP,
    topics: [TOPICS.messaging],
    eventTypes: ['MessageDispatched'],
    async apply(trx, event) {
      if (event.type !== 'MessageDispatched') return;
      await recordDispatchedMessage(trx, deps, event.payload, event.occurredAt);
    },
    async applyAll(trx, items) {
      const dispatched = items.filter(({ event }) => event.type === 'MessageDispatched');
      // One span per event in its own trace (the send's), around the one batch write.
      await withSpanPerItem(
        'consume MessageDispatched',
        dispatched.map(({ event }) => event.traceparent),
        { kind: SpanKind.CONSUMER, attributes: { 'messaging.consumer.group.name': MESSAGE_EVENTS_CONSUMER_GROUP } },
        () => recordDispatchedMessages(trx, deps, dispatched.map(({ event }) => ({ payload: event.payload, publishedAt: event.occurredAt }))),
      );
    },
  };
}
