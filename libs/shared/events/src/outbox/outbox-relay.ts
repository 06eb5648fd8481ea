import type { Knex } from 'knex';
import type { EventsLogger, EventTransport } from '../event-transport';
import { errorFields } from '../internal/validate';
import { counter } from '@mp/telemetry';
import { claimOutboxBatch, markPublished, releaseClaim } from './claim-outbox-batch';
import { measureEventTables, schemaOf } from './outbox-metrics';

const publishedEvents = counter('outbox_published_events_total', 'Outbox events the relay published to the event transport', ['service']);

export interface OutboxRelayOptions {
  /** The knex of the service's schema (the one holding its outbox table). */
  db: Knex;
  transport: EventTransport;
  /** Fallback polling when nobody kicks (default 250ms). */
  pollIntervalMs?: number;
  /** Rows per claim/publish (default 100). */
  batchSize?: number;
  /** How long a claim stays exclusive before another relay may take it over (default 30s). */
  claimLeaseMs?: number;
  logger?: EventsLogger;
}

/**
 * Publishes committed outbox rows: claim a batch (oldest first), publish it, mark it published.
 * At-least-once: a crash between publish and mark republishes the batch; consumers dedupe by id.
 */
export class OutboxRelay {
  private readonly db: Knex;
  private readonly transport: EventTransport;
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  private readonly claimLeaseMs: number;
  private readonly logger: EventsLogger;
  private running = false;
  private timer?: NodeJS.Timeout;
  private kicked = false;
  private inFlight: Promise<unknown> = Promise.resolve();
  private passActive = false;
  private stopMeasuring?: () => void;

  constructor(options: OutboxRelayOptions) {
    this.db = options.db;
    this.transport = options.transport;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.batchSize = options.batchSize ?? 100;
    this.claimLeaseMs = options.claimLeaseMs ?? 30_000;
    this.logger = options.logger ?? console;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    // Backlog, its age and dead letters are read when Prometheus scrapes, for as long as the relay runs.
    this.stopMeasuring = measureEventTables(this.db);
    this.schedule(0);
  }

  /** Publish soon (call after a commit); cheap and safe to call often. */
  kick(): void {
    if (!this.running) return;
    if (this.passActive) {
      this.kicked = true; // run another pass right after the current one
      return;
    }
    this.schedule(0);
  }

  /** One pass; returns how many events were published. Passes never overlap. */
  publishPending(): Promise<number> {
    const pass = this.inFlight.catch(() => undefined).then(() => this.publishOnce());
    this.inFlight = pass;
    return pass;
  }

  /** Stops polling and waits for the pass in flight. */
  async stop(): Promise<void> {
    this.running = false;
    this.stopMeasuring?.();
    this.stopMeasuring = undefined;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.inFlight.catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), delayMs);
  }

  private async loop(): Promise<void> {
    this.timer = undefined;
    this.kicked = false;
    this.passActive = true;
    let published = 0;
    try {
      published = await this.publishPending();
    } catch (error) {
      this.logger.error('outbox relay: publish pass failed', errorFields(error));
    } finally {
      this.passActive = false;
    }
    if (!this.running) return;
    // A full batch suggests more is waiting; a kick during the pass may have committed new rows.
    this.schedule(published >= this.batchSize || this.kicked ? 0 : this.pollIntervalMs);
  }

  private async publishOnce(): Promise<number> {
    // The embedded log in this database: one statement instead of a claim, an append and a mark.
    const moved = await this.transport.relayOutbox?.(this.db, this.batchSize);
    if (moved !== undefined) {
      if (moved > 0) publishedEvents.inc({ service: schemaOf(this.db) }, moved);
      return moved;
    }
    const claimed = await claimOutboxBatch(this.db, this.batchSize, this.claimLeaseMs);
    if (claimed.length === 0) return 0;
    const ids = claimed.map((c) => c.id);
    try {
      await this.transport.publish(claimed.map((c) => c.envelope));
    } catch (error) {
      await releaseClaim(this.db, ids).catch(() => undefined); // the lease expires anyway
      throw error;
    }
    await markPublished(this.db, ids);
    publishedEvents.inc({ service: schemaOf(this.db) }, claimed.length);
    return claimed.length;
  }
}
