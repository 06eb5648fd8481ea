import type { Clock } from '@mp/clock';
import type { DueJob } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { expireReplyWindows } from './reply-status.repository';

export const REPLY_WINDOW_BATCH_SIZE = 200;
/** Batches one run may chain while each comes back full. */
const MAX_BATCHES_PER_RUN = 20;

/**
 * spec 3.2: a message awaiting an answer whose expiresAt passed becomes
 * Expired. A message without expiresAt keeps awaiting (the replies service
 * stops linking replies to it after 72 hours anyway).
 */
export function replyWindowExpiryJob(deps: { db: Knex; clock: Clock; logger: Logger }): DueJob {
  return {
    name: 'messaging.reply-window-expiry',
    intervalMs: 1000,
    async runDue() {
      let handled = 0;
      for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
        const expired = await expireReplyWindows(deps.db, deps.clock.now(), REPLY_WINDOW_BATCH_SIZE);
        handled += expired;
        if (expired < REPLY_WINDOW_BATCH_SIZE) break;
      }
      if (handled > 0) deps.logger.debug('reply windows expired', { count: handled });
      return handled;
    },
  };
}
