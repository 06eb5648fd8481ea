import type { Clock } from '@mp/clock';
import type { DueJob, OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { CoalescedRunner } from '../dispatch/coalesced-runner';
import { expireTransition, hasExpired } from '../messages/expiry';
import { applyTransition } from '../messages/message-transition';
import type { MessageRow } from '../messages/message.types';
import { findDueScheduled } from './scheduled.repository';

export const RELEASE_BATCH_SIZE = 100;
/** Batches one run may chain while each comes back full (a backlog of due messages). */
const MAX_BATCHES_PER_RUN = 20;

export interface ScheduledReleaseOptions {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
  logger: Logger;
  /** An urgent message was released: dispatch now rather than at the sending queue's next pass. */
  onUrgentReleased(): void;
}

export type ReleaseResult = 'released' | 'expired' | 'lost';

/**
 * sendAt has come (spec 3.1): a scheduled message enters the normal sending
 * path as `queued`, due since its sendAt, so it counts as waiting from then.
 * Expiry is checked first. Account hold and opt-out are evaluated as for any
 * queued message: held accounts are not picked here, and consent is asked at
 * dispatch.
 */
export class ScheduledRelease {
  private readonly runner = new CoalescedRunner(() => this.pass());

  constructor(private readonly options: ScheduledReleaseOptions) {}

  /** Listed before the dispatch job: a sandbox clock advance releases, then dispatches, before it answers. */
  readonly job: DueJob = { name: 'messaging.release-scheduled', intervalMs: 200, runDue: () => this.runner.run() };

  /** Runs a pass now (after an account hold is released); waits for it. */
  run(): Promise<number> {
    return this.runner.run();
  }

  idle(): Promise<void> {
    return this.runner.idle();
  }

  /** One message; exported for the cancel-race tests. */
  release(message: MessageRow, now: Date): Promise<ReleaseResult> {
    const guard = { id: message.id, from: 'scheduled' as const };
    return this.options.db.transaction(async (trx) => {
      if (hasExpired(message, now)) {
        const row = await applyTransition(trx, this.options.outbox, now, expireTransition(guard, message, 'release of a scheduled message'));
        return row ? 'expired' : 'lost';
      }
      const row = await applyTransition(trx, this.options.outbox, now, {
        guard,
        to: 'queued',
        changes: { next_attempt_at: message.send_at ?? now },
        audit: { event: 'released', detail: `sendAt ${new Date(message.send_at ?? now).toISOString()} reached` },
      });
      return row ? 'released' : 'lost';
    });
  }

  private async pass(): Promise<number> {
    let handled = 0;
    let urgent = false;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch += 1) {
      const now = this.options.clock.now();
      const due = await findDueScheduled(this.options.db, now, RELEASE_BATCH_SIZE);
      for (const message of due) {
        const result = await this.release(message, now);
        // 'lost': canceled (or released by another instance) since it was read.
        this.options.logger.debug('scheduled release', { messageId: message.id, result });
        if (result === 'released' && message.priority === 'Urgent') urgent = true;
      }
      handled += due.length;
      if (due.length < RELEASE_BATCH_SIZE) break;
    }
    if (urgent) this.options.onUrgentReleased();
    return handled;
  }
}
