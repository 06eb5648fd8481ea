import { randomUUID } from 'node:crypto';
import type { DueJob, OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { CoalescedRunner } from './coalesced-runner';
import { dispatchMessage, type DispatchMessageDeps } from './dispatch-message';
import type { MessageRow } from '../messages/message.types';
import { claimDueMessages } from './dispatch.repository';
import { DispatchTransitions } from './dispatch-transitions';

export const DISPATCH_BATCH_SIZE = 50;
/** Longer than routing + consent + carrier deadlines together, so a live pass never loses its lease. */
export const DISPATCH_LEASE_MS = 2 * 60_000;
/** Carrier calls in flight per pass. */
const CONCURRENCY = 8;
/** Passes a single run may chain while every batch comes back full (a backlog). */
const MAX_BATCHES_PER_RUN = 20;

export interface DispatcherOptions extends Omit<DispatchMessageDeps, 'carrier' | 'transitions'> {
  db: Knex;
  outbox: OutboxWriter;
  /** Undefined when no carrier is configured: messages stay queued. */
  carrier: DispatchMessageDeps['carrier'] | undefined;
  enabled: boolean;
}

async function forEachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Moves due queued messages to the carrier: a DueJob for the host (every
 * 200 ms and on each sandbox clock move) plus `kick()` right after an
 * acceptance, both funnelled through one coalesced runner.
 */
export class Dispatcher {
  private readonly runner = new CoalescedRunner(() => this.pass());
  private warnedNoCarrier = false;
  private stopped = false;
  private readonly transitions: DispatchTransitions;

  constructor(private readonly options: DispatcherOptions) {
    this.transitions = new DispatchTransitions(options.db, options.outbox);
  }

  readonly job: DueJob = { name: 'messaging.dispatch', intervalMs: 200, runDue: () => this.runner.run() };

  /** Asks for a pass soon; a burst of kicks shares passes. Never throws. */
  kick(): void {
    if (this.stopped || !this.options.enabled || !this.options.carrier) return;
    this.runner.run().catch((error: unknown) => this.options.logger.error('dispatch pass failed', { error }));
  }

  /** Waits for the pass in flight, if any (tests). */
  idle(): Promise<void> {
    return this.runner.idle();
  }

  /** No new passes; waits for the one in flight so nothing writes after shutdown. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.runner.idle();
  }

  private async pass(): Promise<number> {
    const { enabled, carrier, logger } = this.options;
    if (!enabled || this.stopped) return 0;
    if (!carrier) {
      if (!this.warnedNoCarrier) logger.warn('CARRIER_API_URL is not set: accepted messages stay queued');
      this.warnedNoCarrier = true;
      return 0;
    }
    let handled = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.stopped; batch += 1) {
      const claimed = await this.claim();
      const tryOne = async (message: MessageRow) => {
        try {
          const result = await dispatchMessage({ ...this.options, carrier, transitions: this.transitions }, message);
          logger.debug('dispatch try', { messageId: message.id, result });
        } catch (error) {
          logger.error('dispatch try failed', { messageId: message.id, error });
          await this.deferAfterError(message, error);
        }
      };
      // Urgent ones all finish before a normal one starts, so "urgent first"
      // holds at the carrier too, not only in the claim order.
      await forEachLimited(claimed.filter((m) => m.priority === 'Urgent'), CONCURRENCY, tryOne);
      await forEachLimited(claimed.filter((m) => m.priority !== 'Urgent'), CONCURRENCY, tryOne);
      handled += claimed.length;
      if (claimed.length < DISPATCH_BATCH_SIZE) break;
    }
    return handled;
  }

  /**
   * An unexpected error in a try (a bug, the database briefly away) waits
   * like any deferral, and after too many is the message's internal dispatch
   * error (`failed`). If even that write fails, the lease runs out and a
   * later pass tries again (same carrier reference).
   */
  private async deferAfterError(message: MessageRow, error: unknown): Promise<void> {
    const reason = `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    try {
      await this.transitions.deferred(message, reason, this.options.clock.now(), this.options.maxDeferrals);
    } catch (writeError) {
      this.options.logger.error('could not record the dispatch error', { messageId: message.id, error: writeError });
    }
  }

  private claim() {
    const now = this.options.clock.now();
    return claimDueMessages(this.options.db, {
      now,
      leaseUntil: new Date(now.getTime() + DISPATCH_LEASE_MS),
      token: randomUUID(),
      limit: DISPATCH_BATCH_SIZE,
    });
  }
}
