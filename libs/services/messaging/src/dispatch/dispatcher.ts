import { randomUUID } from 'node:crypto';
import type { DueJob, OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { CoalescedRunner } from './coalesced-runner';
import { dispatchMessage, type DispatchMessageDeps } from './dispatch-message';
import type { MessageRow } from '../messages/message.types';
import { claimDueMessages } from './dispatch.repository';
import { DispatchTransitions } from './dispatch-transitions';
import { CHANNELS, type Channel } from '../rules';
import type { RouteAdvance } from '../fallback/route-advance';

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
  /** Moves a message to the next channel of its route. */
  route: RouteAdvance;
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
 * acceptance. A sending queue per channel (issue 4): each channel has its
 * own coalesced runner and claims only its own messages, so a slow carrier
 * (an SMTP server taking seconds) never holds up the others.
 */
export class Dispatcher {
  private readonly runners: Map<Channel, CoalescedRunner>;
  private warnedNoCarrier = false;
  private stopped = false;
  private readonly transitions: DispatchTransitions;

  constructor(private readonly options: DispatcherOptions) {
    this.transitions = new DispatchTransitions(options.db, options.outbox, options.route);
    const channels = options.carrier?.channels ?? CHANNELS;
    this.runners = new Map(channels.map((channel) => [channel, new CoalescedRunner(() => this.pass(channel))]));
  }

  readonly job: DueJob = { name: 'messaging.dispatch', intervalMs: 200, runDue: () => this.runAll() };

  /** Asks for a pass soon (of one channel's queue, or all); a burst of kicks shares passes. Never throws. */
  kick(channel?: Channel): void {
    if (this.stopped || !this.options.enabled || !this.options.carrier) return;
    const runners = channel ? [this.runners.get(channel)] : [...this.runners.values()];
    for (const runner of runners) runner?.run().catch((error: unknown) => this.options.logger.error('dispatch pass failed', { error, channel }));
  }

  /** Waits for the passes in flight, if any (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.runners.values()].map((runner) => runner.idle()));
  }

  /** No new passes; waits for the ones in flight so nothing writes after shutdown. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
  }

  /** One pass of every channel's queue, side by side. */
  private async runAll(): Promise<number> {
    const handled = await Promise.all([...this.runners.values()].map((runner) => runner.run()));
    return handled.reduce((sum, n) => sum + n, 0);
  }

  private async pass(channel: Channel): Promise<number> {
    const { enabled, carrier, logger } = this.options;
    if (!enabled || this.stopped) return 0;
    if (!carrier) {
      if (!this.warnedNoCarrier) logger.warn('CARRIER_API_URL is not set: accepted messages stay queued');
      this.warnedNoCarrier = true;
      return 0;
    }
    let handled = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.stopped; batch += 1) {
      const claimed = await this.claim(channel);
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

  private claim(channel: Channel) {
    const now = this.options.clock.now();
    return claimDueMessages(this.options.db, {
      channel,
      now,
      leaseUntil: new Date(now.getTime() + DISPATCH_LEASE_MS),
      token: randomUUID(),
      limit: DISPATCH_BATCH_SIZE,
    });
  }
}
