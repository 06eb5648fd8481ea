import { TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
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
      await recordDispatchedMessages(trx, deps, dispatched.map(({ event }) => ({ payload: event.payload, publishedAt: event.occurredAt })));
    },
  };
}
