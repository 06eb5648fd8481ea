import { TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import { latestKeywordReplyEntry, lockKeywordReplies } from '../ledger/consent-entries.repository';
import { applyStopReply, type KeywordReplyDeps } from '../reply-keywords/apply-stop-reply.usecase';
import { replyOrder } from '../reply-keywords/reply-order.rules';
import { CARRIER_REFUSAL_EVENT_TYPES, carrierRefusalOf, isCarrierOptOutEvent } from './carrier-refusal';

export const CARRIER_OPT_OUT_CONSUMER_GROUP = 'consent.carrier-opt-outs';

/**
 * messaging.events MessageRejected or MessageFailed whose reason is exactly
 * RECIPIENT_UNSUBSCRIBED_AT_CARRIER (Twilio 21610: the person texted STOP to
 * that sender at the carrier) -> the recipient's STOP opt-out on the number the
 * refused attempt went from, on its channel: the same ledger entry, projection
 * and RecipientOptedOut as a STOP reply (source stop_reply, reason
 * CARRIER_OPT_OUT_REASON), so the next send from that number is refused by
 * consent before it reaches the carrier, and only the recipient's START lifts it.
 *
 * It takes its place among the STOP and START replies on that number by the
 * refusal's time, under the same lock: a START received after the refusal
 * lifts it; one received before it (processed late) is stale. Every other
 * lifecycle event is passed over before any database work. The host records
 * each event id once; a repeat is also a no-op through the projection.
 */
export function carrierOptOutConsumer(deps: KeywordReplyDeps & { logger: Logger }): EventConsumer {
  return {
    group: CARRIER_OPT_OUT_CONSUMER_GROUP,
    topics: [TOPICS.messaging],
    eventTypes: CARRIER_REFUSAL_EVENT_TYPES,
    actionable: (events) => Promise.resolve(events.filter(isCarrierOptOutEvent)),
    async apply(trx, event) {
      let stop;
      try {
        stop = carrierRefusalOf(event);
      } catch (error) {
        // Retrying cannot fix what the event does not say; logged rather than blocking the topic.
        deps.logger.warn('carrier opt-out not recorded', { eventId: event.id, error: (error as Error).message });
        return;
      }
      if (!stop) return;
      await lockKeywordReplies(trx, stop.accountId, stop.recipient, stop.receivingNumber);
      const latest = await latestKeywordReplyEntry(trx, stop.accountId, stop.recipient, stop.receivingNumber);
      const order = replyOrder(stop.receivedAt, latest?.reply_received_at ? new Date(latest.reply_received_at) : null);
      if (order === 'older') {
        deps.logger.warn('carrier opt-out older than the last STOP or START on that number: changed nothing', {
          eventId: event.id,
          refusedAt: stop.receivedAt?.toISOString(),
          latestEntryId: latest?.entry_id,
        });
        return;
      }
      const changed = await applyStopReply(trx, deps, stop, order);
      deps.logger.info(changed ? 'carrier opt-out recorded' : 'carrier opt-out changed nothing', { eventId: event.id, messageId: stop.carrierRefusal?.messageId });
    },
  };
}
