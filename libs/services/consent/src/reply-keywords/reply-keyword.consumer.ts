import { TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import { applyStartReply } from './apply-start-reply.usecase';
import { applyStopReply, type KeywordReplyDeps } from './apply-stop-reply.usecase';
import { keywordReplyOf } from './keyword-reply';

export const REPLY_KEYWORD_CONSUMER_GROUP = 'consent.reply-keywords';

/**
 * replies.events MessageReceived with keyword Stop or Start -> the STOP
 * opt-out of the number that received it, or its lifting. Local writes only
 * (no prepare step: nothing is asked of another service). The host records
 * each event id once; a repeat is also a no-op through the projection.
 */
export function replyKeywordConsumer(deps: KeywordReplyDeps & { logger: Logger }): EventConsumer {
  return {
    group: REPLY_KEYWORD_CONSUMER_GROUP,
    topics: [TOPICS.replies],
    async apply(trx, event) {
      if (event.type !== 'MessageReceived') return;
      let reply;
      try {
        reply = keywordReplyOf(event.payload);
      } catch (error) {
        // Retrying cannot fix a malformed event; log it rather than block the topic.
        deps.logger.error('keyword reply ignored', { eventId: event.id, error: (error as Error).message });
        return;
      }
      if (!reply) return;
      const changed = reply.keyword === 'Stop' ? await applyStopReply(trx, deps, reply) : await applyStartReply(trx, deps, reply);
      deps.logger.info(changed ? 'keyword reply applied' : 'keyword reply changed nothing', { keyword: reply.keyword, eventId: event.id });
    },
  };
}
