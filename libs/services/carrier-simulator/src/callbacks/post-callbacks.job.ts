import type { Clock } from '@mp/clock';
import type { DueJob } from '@mp/service-host';
import { currentTraceparent, SpanKind, withSpan, type Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { CarrierSimulatorConfig } from '../carrier-simulator.config';
import { CALLBACK_TIMEOUT_MS, callbackUrl, postSignedCallback, type CallbackRoute } from './callback-post';
import { claimDueCallbacks, markCallbackFailed, markCallbacksSent, type CallbackTable, type QueuedCallbackRow } from './callback-queue.repository';
import { retryDelaySeconds } from './callback-retry.rules';

const BATCH_SIZE = 25;
// Longer than a post can take, so a claimed callback is not claimed twice while in flight.
const LEASE_MS = CALLBACK_TIMEOUT_MS * 12;

/** One kind of callback the simulated carrier posts: where it waits, where it goes, and its body. */
export interface CallbackQueue<Row extends QueuedCallbackRow> {
  /** The job's name (logs, metrics). */
  name: string;
  table: CallbackTable;
  route: CallbackRoute;
  /** The JSON payload, built from the stored row alone, so every retry carries identical bytes (and signature). */
  payload(row: Row): Record<string, unknown>;
  /** The trace the callback continues (a receipt: its submission's), if the row keeps one. */
  traceparent?(row: Row): string | undefined;
}

/** Posts a queue's due callbacks to the platform, signed; failures are retried with backoff, never dropped. */
export class PostCallbacksJob<Row extends QueuedCallbackRow> implements DueJob {
  readonly name: string;
  readonly intervalMs = 250;
  private warnedNoUrl = false;

  constructor(
    private readonly queue: CallbackQueue<Row>,
    private readonly db: Knex,
    private readonly clock: Clock,
    private readonly config: Pick<CarrierSimulatorConfig, 'CARRIER_CALLBACK_URL' | 'CALLBACK_SECRET_SIM'>,
    private readonly logger: Logger,
  ) {
    this.name = queue.name;
  }

  async runDue(): Promise<number> {
    // Read on every pass: the composer may learn the gateway's address after creating the module.
    const base = this.config.CARRIER_CALLBACK_URL;
    if (!base) {
      if (!this.warnedNoUrl) this.logger.warn(`CARRIER_CALLBACK_URL is not set; ${this.queue.route} callbacks wait until it is`);
      this.warnedNoUrl = true;
      return 0;
    }
    const now = this.clock.now();
    const claimed = await claimDueCallbacks<Row>(this.db, this.queue.table, now, BATCH_SIZE, new Date(now.getTime() + LEASE_MS));
    const url = callbackUrl(base, this.queue.route);
    const sent = (await Promise.all(claimed.map((row) => this.deliver(url, row)))).flatMap((ok, i) => (ok ? [claimed[i].event_id] : []));
    await markCallbacksSent(this.db, this.queue.table, sent, this.clock.now());
    return claimed.length;
  }

  /** Posts one callback: true when the platform accepted it (the pass records those together), else its retry is scheduled. */
  private async deliver(url: string, row: Row): Promise<boolean> {
    const attempts = row.attempts + 1;
    const body = Buffer.from(JSON.stringify(this.queue.payload(row)), 'utf8');
    const outcome = await withSpan(`POST ${this.queue.route} callback`, { traceparent: this.queue.traceparent?.(row), kind: SpanKind.CLIENT }, () =>
      postSignedCallback(url, this.config.CALLBACK_SECRET_SIM, body, currentTraceparent()),
    );
    const now = this.clock.now();
    if (outcome.ok) return true;
    const delay = retryDelaySeconds(attempts);
    this.logger.warn('callback not accepted; will retry', {
      route: this.queue.route,
      eventId: row.event_id,
      attempts,
      retryInSeconds: delay,
      error: outcome.error,
    });
    await markCallbackFailed(this.db, this.queue.table, row.event_id, attempts, new Date(now.getTime() + delay * 1000), outcome.error);
    return false;
  }
}
