import { randomUUID } from 'node:crypto';
import { isUnavailable } from '@mp/grpc';
import type { DrainableJob, OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { CoalescedRunner } from './coalesced-runner';
import { tryMessage, type DispatchMessageDeps } from './dispatch-message';
import { batchLookups } from './send-lookups';
import type { MessageRow } from '../messages/message.types';
import { channelsWithDueWork, claimDueMessages, releaseClaims } from './dispatch.repository';
import { DispatchTransitions, type AcceptedSubmission } from './dispatch-transitions';
import { CHANNELS, type Channel } from '../rules';
import type { RouteAdvance } from '../fallback/route-advance';

export const DISPATCH_BATCH_SIZE = 50;
/** Longer than routing + consent + carrier deadlines together, so a live pass never loses its lease. */
export const DISPATCH_LEASE_MS = 2 * 60_000;
/** Carrier calls in flight per pass, unless the carrier takes more at once (its inFlightCapacity: an SMPP window). */
const CONCURRENCY = 8;
/** Messages tried before their acceptances are recorded together: two rounds of the calls in flight. */
const recordChunk = (concurrency: number) => 2 * concurrency;
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

/** Works through `items`, `limit` at a time, starting none once `stopped()`; returns the ones never started. */
async function forEachLimited<T>(items: T[], limit: number, stopped: () => boolean, work: (item: T) => Promise<void>): Promise<T[]> {
  let next = 0;
  const worker = async () => {
    while (next < items.length && !stopped()) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return items.slice(next);
}

function chunked<T>(items: T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/**
 * Moves due queued messages to the carrier: a DueJob for the host (every
 * 200 ms and on each sandbox clock move; it passes over the queues with
 * nothing due) plus `kick()` right after an acceptance. A sending queue per
 * channel (issue 4): each channel has its own coalesced runner and claims only its own messages, so a slow carrier
 * (an SMTP server taking seconds) never holds up the others.
 */
export class Dispatcher {
  private readonly runners: Map<Channel, CoalescedRunner>;
  private warnedNoCarrier = false;
  private stopped = false;
  private readonly transitions: DispatchTransitions;
  /**
   * Claimed messages a try could not finish because the database (or a service it asks) was
   * unavailable, by claim token: their leases are given back once it answers again, so they go
   * out then rather than after DISPATCH_LEASE_MS, and the outage counts as no deferral of theirs.
   */
  private readonly heldByOutage = new Map<string, Set<string>>();

  constructor(private readonly options: DispatcherOptions) {
    this.transitions = new DispatchTransitions(options.db, options.outbox, options.route, options);
    const channels = options.carrier?.channels ?? CHANNELS;
    this.runners = new Map(channels.map((channel) => [channel, new CoalescedRunner(() => this.pass(channel))]));
  }

  readonly job: DrainableJob = {
    name: 'messaging.dispatch',
    intervalMs: 200,
    runDue: () => this.runAll(),
    // Shutdown: the pass in hand finishes its carrier calls and gives back the leases of the rest.
    stopClaiming: () => {
      this.stopped = true;
    },
  };

  /** Asks for a pass soon (of one channel's queue, or all); a burst of kicks shares passes. Never throws. */
  kick(channel?: Channel): void {
    if (this.stopped || !this.options.enabled || !this.options.carrier) return;
    const runners = channel ? [this.runners.get(channel)] : [...this.runners.values()];
    for (const runner of runners) runner?.request((error: unknown) => this.options.logger.error('dispatch pass failed', { error, channel }));
  }

  /** Waits for the passes in flight, if any (tests). */
  async idle(): Promise<void> {
    await Promise.all([...this.runners.values()].map((runner) => runner.idle()));
  }

  /**
   * No new claims; the passes in flight finish the carrier calls they started,
   * record them, and give back the leases of claimed messages not yet tried,
   * so the next process sends those at once. Waits for them, so nothing writes
   * after shutdown.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.idle();
    await this.giveBackAfterOutage().catch(() => undefined); // else their leases run out
  }

  /** One pass of each channel's queue that has due work, side by side; asking which is one statement. */
  private async runAll(): Promise<number> {
    const { enabled, carrier, db, clock } = this.options;
    await this.giveBackAfterOutage();
    // A channel its carrier cannot send from this process now (no SMPP bind here) is left to the replicas that can.
    const channels = [...this.runners.keys()].filter((channel) => carrier?.canSend?.(channel) !== false);
    // Without a carrier the passes only warn (once) and claim nothing.
    const due = enabled && carrier && !this.stopped ? await channelsWithDueWork(db, channels, clock.now()) : channels;
    // A queue with nothing due still has its pass in flight, if any, awaited (a clock move's run finishes the work it set off).
    const handled = await Promise.all(
      [...this.runners].map(([channel, runner]) => (due.includes(channel) ? runner.run() : runner.idle().then(() => 0))),
    );
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
    await this.giveBackAfterOutage();
    if (carrier.canSend?.(channel) === false) return 0;
    let handled = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN && !this.stopped; batch += 1) {
      const claimed = await this.claim(channel);
      // Urgent ones all finish before a normal one starts, so "urgent first"
      // holds at the carrier too, not only in the claim order.
      // At most a claim's worth in flight (DISPATCH_BATCH_SIZE): past it, another pass would be claiming.
      const concurrency = Math.min(DISPATCH_BATCH_SIZE, Math.max(CONCURRENCY, carrier.inFlightCapacity?.(channel) ?? 0));
      const chunks = [
        ...chunked(claimed.filter((m) => m.priority === 'Urgent'), recordChunk(concurrency)),
        ...chunked(claimed.filter((m) => m.priority !== 'Urgent'), recordChunk(concurrency)),
      ];
      const untried: MessageRow[] = [];
      for (const chunk of chunks) untried.push(...(this.stopped ? chunk : await this.sendChunk(chunk, concurrency)));
      if (untried.length > 0) await this.giveBack(untried);
      handled += claimed.length - untried.length;
      if (claimed.length < DISPATCH_BATCH_SIZE) break;
    }
    return handled;
  }

  /** Releases the lease on claimed messages this pass did not try (it is stopping). */
  private async giveBack(messages: MessageRow[]): Promise<void> {
    const { db, logger } = this.options;
    const byToken = new Map<string, string[]>();
    for (const m of messages) if (m.claim_token) byToken.set(m.claim_token, [...(byToken.get(m.claim_token) ?? []), m.id]);
    try {
      let released = 0;
      for (const [token, ids] of byToken) released += await releaseClaims(db, { ids, token });
      logger.info('dispatch stopping: leases given back', { claimed: messages.length, released });
    } catch (error) {
      // They wait for their lease to run out (DISPATCH_LEASE_MS), then a later pass takes them.
      logger.error('could not give back dispatch leases', { messages: messages.length, error });
    }
  }

  /**
   * Tries a chunk of claimed messages (their senders and consent asked in one call each,
   * `concurrency` carrier calls in flight), then records the
   * carrier's acceptances together: one transaction for the chunk, not one per message. The chunk
   * is small so a receipt rarely overtakes the record of its dispatch (the receipt consumer retries
   * one that does). Once stopping it starts no more tries; returns the messages it never tried.
   */
  private async sendChunk(messages: MessageRow[], concurrency: number): Promise<MessageRow[]> {
    const { carrier, logger } = this.options;
    const accepted: AcceptedSubmission[] = [];
    const lookups = await batchLookups(this.options.clients, this.options.clock, messages);
    const untried = await forEachLimited(messages, concurrency, () => this.stopped, async (message) => {
      try {
        const outcome = await tryMessage({ ...this.options, carrier: carrier!, transitions: this.transitions }, message, lookups);
        if ('accepted' in outcome) accepted.push(outcome.accepted);
        else logger.debug('dispatch try', { messageId: message.id, result: outcome.result });
      } catch (error) {
        if (isUnavailable(error)) return this.holdForOutage(message);
        logger.error('dispatch try failed', { messageId: message.id, error });
        await this.deferAfterError(message, error);
      }
    });
    if (accepted.length === 0) return untried;
    try {
      await this.transitions.dispatchedAll(accepted, this.options.clock.now());
    } catch (error) {
      // Record them one by one, so one bad row cannot hold back the others.
      logger.error('recording a chunk of dispatches failed; recording them one by one', { error, messages: accepted.length });
      for (const item of accepted) {
        try {
          await this.transitions.dispatchedAll([item], this.options.clock.now());
        } catch (itemError) {
          // The carrier has it: tried again after the outage under the same reference, which the carrier dedupes.
          if (isUnavailable(itemError)) {
            this.holdForOutage(item.message);
            continue;
          }
          logger.error('dispatch record failed', { messageId: item.message.id, error: itemError });
          await this.deferAfterError(item.message, itemError);
        }
      }
    }
    return untried;
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
      if (isUnavailable(writeError)) return this.holdForOutage(message);
      this.options.logger.error('could not record the dispatch error', { messageId: message.id, error: writeError });
    }
  }

  private holdForOutage(message: MessageRow): void {
    if (!message.claim_token) return;
    const ids = this.heldByOutage.get(message.claim_token) ?? new Set<string>();
    ids.add(message.id);
    this.heldByOutage.set(message.claim_token, ids);
  }

  /** Gives back the leases an outage held, once the database takes the write; until then they stay held (or run out). */
  private async giveBackAfterOutage(): Promise<void> {
    for (const [token, ids] of this.heldByOutage) {
      await releaseClaims(this.options.db, { ids: [...ids], token });
      this.heldByOutage.delete(token);
      this.options.logger.info('dispatch: leases held by an outage given back', { messages: ids.size });
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
