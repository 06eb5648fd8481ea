import { TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import { latestKeywordReplyEntry, lockKeywordReplies } from '../ledger/consent-entries.repository';
import { applyStartReply } from './apply-start-reply.usecase';
import { applyStopReply, type KeywordReplyDeps } from './apply-stop-reply.usecase';
import { keywordReplyOf } from './keyword-reply';
import { replyOrder } from './reply-order.rules';

export const REPLY_KEYWORD_CONSUMER_GROUP = 'consent.reply-keywords';

/**
 * replies.events MessageReceived with keyword Stop or Start -> the STOP
 * opt-out of the number that received it, or its lifting. Local writes only
 * (no prepare step: nothing is asked of another service). The host records
 * each event id once; a repeat is also a no-op through the projection.
 *
 * The recipient's last word on a number wins, by when the carrier received
 * it (the sandbox carrier, like real ones, can deliver STOP and START out of
 * order): a reply older than the latest STOP or START entered there is stale
 * and changes nothing. Equal times keep processing order.
 */
export function replyKeywordConsumer(deps: KeywordReplyDeps & { logger: Logger }): EventConsumer {
  return {
    group: REPLY_KEYWORD_CONSUMER_GROUP,
    topics: [TOPICS.replies],
    eventTypes: ['MessageReceived'],
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
      await lockKeywordReplies(trx, reply.accountId, reply.recipient, reply.receivingNumber);
      const latest = await latestKeywordReplyEntry(trx, reply.accountId, reply.recipient, reply.receivingNumber);
      const order = replyOrder(reply.receivedAt, latest?.reply_received_at ? new Date(latest.reply_received_at) : null);
      if (order === 'older') {
        deps.logger.warn('keyword reply older than the last STOP or START on that number: changed nothing', {
          keyword: reply.keyword,
          eventId: event.id,
          receivedAt: reply.receivedAt?.toISOString(),
          latestEntryId: latest?.entry_id,
        });
        return;
      }
      const changed = reply.keyword === 'Stop' ? await applyStopReply(trx, deps, reply, order) : await applyStartReply(trx, deps, reply, order);
      deps.logger.info(changed ? 'keyword reply applied' : 'keyword reply changed nothing', { keyword: reply.keyword, eventId: event.id });
    },
  };
}
