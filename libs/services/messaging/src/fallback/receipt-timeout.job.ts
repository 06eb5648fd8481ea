import type { Clock } from '@mp/clock';
import type { DueJob } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { MessageRow } from '../messages/message.types';
import type { RouteAdvance } from './route-advance';

const BATCH = 100;

/**
 * No final receipt within the policy's receiptTimeoutSeconds of dispatch
 * (spec 3.1): the message goes on the next channel of its route. Only
 * attempts with a channel left after them carry a deadline, so the last
 * channel unconfirmed leaves the message as it is. A receipt that lands
 * first moves the message out of `dispatched` and the guard misses.
 */
export function receiptTimeoutJob(deps: { db: Knex; clock: Clock; logger: Logger; route: RouteAdvance; onAdvanced(): void }): DueJob {
  return {
    name: 'messaging.receipt-timeouts',
    intervalMs: 1_000,
    async runDue() {
      const now = deps.clock.now();
      const due = await deps.db<MessageRow>('messages')
        .where('status', 'dispatched')
        .whereNotNull('fallback_due_at')
        .andWhere('fallback_due_at', '<=', now)
        .orderBy('fallback_due_at')
        .limit(BATCH);
      let moved = 0;
      for (const message of due) {
        const reason = `no final receipt within ${message.receipt_timeout_seconds} s on ${message.channel_type}`;
        const row = await deps.db.transaction((trx) =>
          deps.route.advance(trx, message, { id: message.id, from: 'dispatched', channelAttempt: message.channel_attempt }, reason, now),
        );
        if (row) moved++;
      }
      if (moved > 0) {
        deps.logger.info('messages fell back for want of a receipt', { count: moved });
        deps.onAdvanced();
      }
      return moved;
    },
  };
}
