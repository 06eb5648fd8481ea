import type { Clock } from '@mp/clock';
import type { DueJob } from '@mp/service-host';
import { currentTraceparent, SpanKind, withSpan, type Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { CarrierSimulatorConfig } from '../carrier-simulator.config';
import { CALLBACK_TIMEOUT_MS, callbackUrl, postCallback, signBody, type CallbackRoute } from './callback-post';
import { claimDueCallbacks, markCallbackFailed, markCallbacksSent, type CallbackTable, type QueuedCallbackRow } from './callback-queue.repository';
import { retryDelaySeconds } from './callback-retry.rules';

/** Callbacks claimed per pass when the queue posts them one by one. */
const BATCH_SIZE = 25;
// Longer than a post can take, so a claimed callback is not claimed twice while in flight.
const LEASE_MS = CALLBACK_TIMEOUT_MS * 12;

/** One kind of callback the simulated carrier posts: where it waits, where it goes, and its body. */
export interface CallbackQueue<Row extends QueuedCallbackRow> {
  /** The job's name (logs, metrics). */
  name: string;
  table: CallbackTable;
  route: CallbackRoute;
  /** The JSON payload, built from the stored row alone, so every retry carries the same callback (a posted one alone: identical bytes). */
  payload(row: Row): Record<string, unknown>;
  /** The trace the callback continues (a receipt: its submission's), if the row keeps one. */
  traceparent?(row: Row): string | undefined;
  /**
   * When set, a pass's due callbacks go in one POST of at most `size`, its body
   * built from their payloads (receipts posted in batches, as Bandwidth posts
   * delivery reports): accepted together, or retried each with its backoff.
   */
  batch?: { size: number; body(payloads: Array<Record<string, unknown>>): Record<string, unknown> };
  /**
   * Other shapes some of its rows go out in (the WhatsApp Cloud API fake's rows as Meta's
   * webhooks): a row one of them takes is posted its way, the rest as above.
   */
  otherForms?: ReadonlyArray<CallbackForm<Row>>;
}

/** One way callbacks go out: which rows, where, in what bytes, signed how, how many per post. */
export interface CallbackForm<Row> {
  /** Whether a claimed row goes out this way. */
  takes(row: Row): boolean;
  url(callbackBaseUrl: string): string;
  /** The exact bytes of one post of `rows` (in due order), built from the rows alone. */
  body(rows: Row[]): Buffer;
  /** The post's own headers (its signature over exactly `body`). */
  headers(body: Buffer): Record<string, string>;
  /** Rows per post: 1 posts each alone. */
  perPost: number;
}

/** A callback's other way to the platform (an inbound SMS as the SMSC's deliver_sm): taken, failed (retried with backoff), or not this way. */
export type OtherDelivery<Row> = (row: Row) => Promise<{ kind: 'delivered' } | { kind: 'failed'; error: string } | { kind: 'post' }>;

/** Posts a queue's due callbacks to the platform, signed; failures are retried with backoff, never dropped. */
export class PostCallbacksJob<Row extends QueuedCallbackRow> implements DueJob {
  readonly name: string;
  readonly intervalMs = 250;
  private warnedNoUrl = false;
  private readonly ownForm: CallbackForm<Row>;

  constructor(
    private readonly queue: CallbackQueue<Row>,
    private readonly db: Knex,
    private readonly clock: Clock,
    private readonly config: Pick<CarrierSimulatorConfig, 'CARRIER_CALLBACK_URL' | 'CALLBACK_SECRET_SIM'>,
    private readonly logger: Logger,
    /** Asked first for each due callback of a queue posted one by one. */
    private readonly otherDelivery?: OtherDelivery<Row>,
  ) {
    this.name = queue.name;
    this.ownForm = this.ownFormOf();
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
    const batch = this.queue.batch;
    const claimed = await claimDueCallbacks<Row>(this.db, this.queue.table, now, batch?.size ?? BATCH_SIZE, new Date(now.getTime() + LEASE_MS));
    if (claimed.length === 0) return 0;
    const others = this.queue.otherForms ?? [];
    const formOf = (row: Row) => others.find((form) => form.takes(row)) ?? this.ownForm;
    const own = claimed.filter((row) => formOf(row) === this.ownForm);
    const toPost = batch || !this.otherDelivery ? own : await this.deliverOtherwise(own, this.otherDelivery);
    const posts: Array<{ form: CallbackForm<Row>; rows: Row[] }> = [];
    for (const form of [this.ownForm, ...others]) {
      const rows = form === this.ownForm ? toPost : claimed.filter((row) => formOf(row) === form);
      for (let i = 0; i < rows.length; i += form.perPost) posts.push({ form, rows: rows.slice(i, i + form.perPost) });
    }
    const accepted = await Promise.all(posts.map(({ form, rows }) => this.deliver(form, base, rows)));
    const sent = posts.flatMap(({ rows }, i) => (accepted[i] ? rows.map((row) => row.event_id) : []));
    await markCallbacksSent(this.db, this.queue.table, sent, this.clock.now());
    return claimed.length;
  }

  /** The queue's own shape: its route under the callback base, its payloads (batched or alone), signed with CALLBACK_SECRET_SIM. */
  private ownFormOf(): CallbackForm<Row> {
    return {
      takes: () => true,
      url: (base) => callbackUrl(base, this.queue.route),
      body: (rows) => {
        const batch = this.queue.batch;
        const payload = batch ? batch.body(rows.map((row) => this.queue.payload(row))) : this.queue.payload(rows[0]);
        return Buffer.from(JSON.stringify(payload), 'utf8');
      },
      headers: (body) => ({ 'x-signature': signBody(this.config.CALLBACK_SECRET_SIM, body) }),
      perPost: this.queue.batch ? this.queue.batch.size : 1,
    };
  }

  /** The rows the other way does not take; those it delivered are recorded as sent, those it failed are retried like a failed post. */
  private async deliverOtherwise(rows: Row[], other: OtherDelivery<Row>): Promise<Row[]> {
    const outcomes = await Promise.all(rows.map((row) => other(row).catch((error: unknown) => ({ kind: 'failed' as const, error: String((error as Error)?.message ?? error) }))));
    await markCallbacksSent(this.db, this.queue.table, rows.filter((_, i) => outcomes[i].kind === 'delivered').map((row) => row.event_id), this.clock.now());
    for (const [i, row] of rows.entries()) {
      const outcome = outcomes[i];
      if (outcome.kind === 'failed') await this.scheduleRetry(row, outcome.error);
    }
    return rows.filter((_, i) => outcomes[i].kind === 'post');
  }

  /** Posts `rows` in `form`'s shape: true when the platform accepted it (the pass records those together), else each row's retry is scheduled. */
  private async deliver(form: CallbackForm<Row>, base: string, rows: Row[]): Promise<boolean> {
    const body = form.body(rows);
    // A batch continues its first callback's trace (one POST carries one traceparent).
    const outcome = await withSpan(`POST ${this.queue.route} callback`, { traceparent: this.queue.traceparent?.(rows[0]), kind: SpanKind.CLIENT }, () =>
      postCallback(form.url(base), form.headers(body), body, currentTraceparent()),
    );
    if (outcome.ok) return true;
    for (const row of rows) await this.scheduleRetry(row, outcome.error);
    return false;
  }

  private async scheduleRetry(row: Row, error: string): Promise<void> {
    const attempts = row.attempts + 1;
    const delay = retryDelaySeconds(attempts);
    this.logger.warn('callback not accepted; will retry', { route: this.queue.route, eventId: row.event_id, attempts, retryInSeconds: delay, error });
    await markCallbackFailed(this.db, this.queue.table, row.event_id, attempts, new Date(this.clock.now().getTime() + delay * 1000), error);
  }
}
