import { TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import { recordAnswer, type RecordAnswerDeps } from './record-answer.usecase';

export const REPLY_ANSWER_CONSUMER_GROUP = 'messaging.reply-answers';

/** replies.events MessageReceived -> the answered message's reply status. The host records each event id once. */
export function replyAnswerConsumer(deps: RecordAnswerDeps): EventConsumer {
  return {
    group: REPLY_ANSWER_CONSUMER_GROUP,
    topics: [TOPICS.replies],
    eventTypes: ['MessageReceived'],
    async apply(trx, event) {
      if (event.type !== 'MessageReceived') return;
      await recordAnswer(trx, deps, event.payload);
    },
  };
}
