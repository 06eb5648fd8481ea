import type { Clock } from '@mp/clock';
import type { DueJob, OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { countWebhookAttempt } from './delivery-metrics';
import { countFinalOutcomes, type FinalOutcome } from './endpoint-failures';
import { retryDelaySeconds } from './retry-schedule.rules';
import { claimDueDeliveries, recordAttempts, releaseLeases, type AttemptOutcome, type ClaimedDelivery } from './webhook-deliveries.repository';
import type { WebhookSender } from './webhook-sender';

export interface DispatcherOptions {
  /** Deliveries in flight at once in this process. */
  maxInFlight: number;
  /** In flight at once per endpoint: a slow endpoint holds at most this many of the slots. */
  perEndpoint?: number;
  /** How often to look for retries that fell due (the sandbox clock's moves run them at once). */
  pollMs?: number;
}

const CLAIM_BATCH = 256;
// A delivery waits in its lane for at most (lane buffer / per-endpoint slots) attempts of 10 s each, then runs for
// at most 10 s: the lease outlasts that by far, so it frees a crashed process's deliveries without racing a live one.
const LEASE_MS = 120_000;
const FLUSH_BATCH = 256;

/**
 * Makes the automatic attempts (first and retries) of due deliveries. Due
 * deliveries are claimed into one lane per endpoint, a few times more than
 * the lane may run at once (`perEndpoint`), so a lane goes on without waiting
 * for the database; an endpoint whose lane is half full is left out of the
 * next claim, so a slow or dead endpoint holds at most its own slots and
 * never holds up the others. Outcomes are written in batches: the attempt
 * log, the next attempt by the schedule, and the endpoint's count of failed
 * deliveries.
 */
export class DeliveryDispatcher {
  private readonly perEndpointLimit: number;
  private readonly pollMs: number;
  /** Per endpoint: attempts running, and claimed deliveries waiting for one of its slots. */
  private readonly lanes = new Map<string, { running: number; waiting: { delivery: ClaimedDelivery; done: () => void }[] }>();
  private running = 0;
  private readonly runningIds = new Set<string>();
  private heldTotal = 0;
  private readonly laneBuffer: number;
  private outcomes: { outcome: AttemptOutcome; final?: FinalOutcome }[] = [];
  private pumping?: Promise<Promise<void>[]>;
  private queuedPump?: Promise<Promise<void>[]>;
  private flushing?: Promise<void>;
  private flushScheduled = false;
  private timer?: NodeJS.Timeout;
  private stopped = false;

  constructor(
    private readonly deps: { db: Knex; clock: Clock; outbox: OutboxWriter; sender: WebhookSender; logger: Logger },
    private readonly options: DispatcherOptions,
  ) {
    this.perEndpointLimit = options.perEndpoint ?? 16;
    this.laneBuffer = this.perEndpointLimit * 4;
    this.pollMs = options.pollMs ?? 500;
  }

  start(): void {
    const tick = () => {
      if (this.stopped) return;
      this.kick();
      this.timer = setTimeout(tick, this.pollMs).unref();
    };
    this.timer = setTimeout(tick, 0).unref();
  }

  /** New deliveries were committed, or a slot freed: claim more now. */
  kick(): void {
    if (this.stopped) return;
    this.pump().catch((error: unknown) => this.deps.logger.error('webhook claim failed', { error }));
  }

  /**
   * The due job of the sandbox clock (DECISIONS: advancing it runs the work
   * that became due before it answers): the deliveries due now are attempted
   * and their outcomes recorded before it returns.
   */
  readonly job: DueJob = {
    name: 'webhook-deliveries',
    // The dispatcher polls on its own; this job is the clock's hook.
    intervalMs: 60_000,
    runDue: async () => {
      const launched = await this.pump();
      await Promise.all(launched);
      await this.flush();
      return launched.length;
    },
  };

  /**
   * Claims and starts deliveries while there are free slots; answers the
   * attempts it started. While a pass runs, callers share one more pass that
   * starts right after it (it may find what the running pass could not).
   */
  private pump(): Promise<Promise<void>[]> {
    if (!this.pumping) {
      this.pumping = this.claimAll().finally(() => {
        this.pumping = undefined;
      });
      return this.pumping;
    }
    this.queuedPump ??= this.pumping
      .catch(() => [])
      .then(() => {
        this.queuedPump = undefined;
        return this.pump();
      });
    return this.queuedPump;
  }

  private async claimAll(): Promise<Promise<void>[]> {
    const launched: Promise<void>[] = [];
    while (!this.stopped) {
      // Held (running or waiting in a lane) up to twice what may run: a lane never waits on the database to go on.
      const room = this.options.maxInFlight * 2 - this.heldTotal;
      if (room <= 0) break;
      const limit = Math.min(room, CLAIM_BATCH);
      const wallNow = new Date();
      const claimed = await claimDueDeliveries(this.deps.db, {
        now: this.deps.clock.now(),
        wallNow,
        leaseUntil: new Date(wallNow.getTime() + LEASE_MS),
        limit,
        perEndpoint: this.laneBuffer,
        saturated: [...this.lanes].filter(([, lane]) => lane.running + lane.waiting.length >= this.laneBuffer / 2).map(([id]) => id),
      });
      for (const delivery of claimed) launched.push(this.hold(delivery));
      if (claimed.length < limit) break;
    }
    return launched;
  }

  /** Puts a claimed delivery in its endpoint's lane; settles once its attempt is made. */
  private hold(delivery: ClaimedDelivery): Promise<void> {
    return new Promise<void>((done) => {
      let lane = this.lanes.get(delivery.endpoint_id);
      if (!lane) this.lanes.set(delivery.endpoint_id, (lane = { running: 0, waiting: [] }));
      lane.waiting.push({ delivery, done });
      this.heldTotal++;
      this.drain(delivery.endpoint_id);
    });
  }

  /** Starts a lane's waiting deliveries while the lane and the process have free slots. */
  private drain(endpointId: string): void {
    const lane = this.lanes.get(endpointId);
    while (lane && lane.waiting.length > 0 && lane.running < this.perEndpointLimit && this.running < this.options.maxInFlight && !this.stopped) {
      const held = lane.waiting.shift()!;
      lane.running++;
      this.running++;
      this.runningIds.add(held.delivery.id);
      void this.attempt(held.delivery).finally(() => {
        lane.running--;
        this.running--;
        this.runningIds.delete(held.delivery.id);
        this.heldTotal--;
        held.done();
        if (lane.running === 0 && lane.waiting.length === 0) this.lanes.delete(endpointId);
        this.drain(endpointId);
        // A process-wide slot freed: lanes that waited on it go on.
        if (this.running < this.options.maxInFlight) for (const id of this.lanes.keys()) if (id !== endpointId) this.drain(id);
        if (lane.running + lane.waiting.length < this.laneBuffer / 2) this.kick();
      });
    }
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    try {
      const { record, retryAfterSeconds } = await this.deps.sender.attempt({
        deliveryId: delivery.id,
        payload: delivery.payload,
        url: delivery.url,
        signingSecret: delivery.signing_secret,
        kind: delivery.kind,
      });
      if (this.stopped && !record.succeeded) return; // cut off by stop(): the lease is released there, not a failure
      const made = delivery.automatic_attempts + 1;
      const delay = record.succeeded ? undefined : retryDelaySeconds(made, retryAfterSeconds);
      const status = record.succeeded ? 'Succeeded' : delay === undefined ? 'Failed' : 'Pending';
      countWebhookAttempt(status);
      this.outcomes.push({
        outcome: {
          deliveryId: delivery.id,
          endpointId: delivery.endpoint_id,
          trigger: made === 1 ? 'first' : 'retry',
          attempt: record,
          status,
          automatic: true,
          nextAttemptAt: delay === undefined ? null : new Date(this.deps.clock.now().getTime() + delay * 1000),
        },
        final: status === 'Pending' ? undefined : { endpointId: delivery.endpoint_id, succeeded: record.succeeded, error: record.error },
      });
    } finally {
      this.scheduleFlush();
    }
  }

  private scheduleFlush(): void {
    if (this.outcomes.length >= FLUSH_BATCH) {
      void this.flush();
      return;
    }
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    setImmediate(() => {
      this.flushScheduled = false;
      void this.flush();
    });
  }

  /** Writes the outcomes gathered so far in one transaction; one flush at a time. */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.outcomes.length === 0) return;
    const batch = this.outcomes;
    this.outcomes = [];
    this.flushing = this.deps.db
      .transaction(async (trx) => {
        await recordAttempts(
          trx,
          batch.map((b) => b.outcome),
        );
        const finals = batch.flatMap((b) => (b.final ? [b.final] : []));
        await countFinalOutcomes(trx, { outbox: this.deps.outbox, now: this.deps.clock.now() }, finals);
      })
      .catch((error: unknown) => {
        // The leases run out and the deliveries are attempted again: repeated, never lost.
        this.deps.logger.error('webhook outcomes not recorded', { count: batch.length, error });
      })
      .finally(() => {
        this.flushing = undefined;
        this.kick();
      });
    await this.flushing;
  }

  /** Stops claiming, cuts off attempts in flight and frees their leases so they are made again at once after a restart. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.pumping?.catch(() => undefined);
    const cutOff = [...this.lanes.values()].flatMap((lane) => lane.waiting.map((held) => held.delivery.id));
    for (const lane of this.lanes.values()) for (const held of lane.waiting.splice(0)) held.done();
    cutOff.push(...this.runningIds);
    this.deps.sender.close();
    await this.flush();
    await releaseLeases(this.deps.db, cutOff).catch((error: unknown) => this.deps.logger.warn('webhook leases not released', { error }));
  }
}
