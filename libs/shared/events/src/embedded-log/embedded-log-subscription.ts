import type { Knex } from 'knex';
import { parseEnvelope, type EventEnvelope } from '../event-envelope';
import { batchDelivery, type BatchDelivery, type EventsLogger, type SubscribeOptions, type Subscription } from '../event-transport';
import { backoffDelay, Sleeper } from '../internal/backoff';
import { errorFields } from '../internal/validate';
import { onPublished } from './publish-notifier';

const BATCH_SIZE = 100;
const RETRY_BASE_MS = 100;
const RETRY_MAX_MS = 5_000;

interface LogRow {
  log_offset: string;
  topic: string;
  envelope: unknown;
}

/**
 * One consumer-group member reading the embedded log: fetches events after the group's committed
 * offsets in log order, hands them to the handler one by one (or in batches of up to maxBatchSize)
 * and commits the offsets after the handler succeeded. Sleeps between polls unless a same-process publish wakes it.
 */
export class EmbeddedLogSubscription implements Subscription {
  private stopped = false;
  private published = false; // set by notifications, so one arriving mid-fetch is not lost
  private readonly idle = new Sleeper(); // woken by publishes and stop()
  private readonly backoff = new Sleeper(); // woken by stop() only: publishes must not speed up retries
  private readonly unlisten: () => void;
  private readonly loop: Promise<void>;
  private readonly delivery: BatchDelivery;

  constructor(
    private readonly db: Knex,
    private readonly options: SubscribeOptions,
    /** Read before each idle sleep: it changes with whether other processes' publishes can wake this one. */
    private readonly pollIntervalMs: () => number,
    private readonly logger: EventsLogger,
    private readonly onStopped: () => void,
  ) {
    this.delivery = batchDelivery(options);
    this.unlisten = onPublished(options.topics, () => this.wake());
    this.loop = this.run();
  }

  /** Events of its topics were published: fetch now instead of at the next poll. */
  wake(): void {
    this.published = true;
    this.idle.wake();
  }

  get topics(): readonly string[] {
    return this.options.topics;
  }

  async stop(): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      this.unlisten();
      this.idle.close();
      this.backoff.close();
    }
    await this.loop;
    this.onStopped();
  }

  private get fetchLimit(): number {
    return Math.max(BATCH_SIZE, this.delivery.maxSize);
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.stopped) {
      let batch: LogRow[];
      try {
        this.published = false;
        batch = await this.fetch();
        failures = 0;
      } catch (error) {
        if (this.stopped) return;
        this.logger.error('embedded log: fetch failed', { group: this.options.group, ...errorFields(error) });
        await this.backoff.sleep(backoffDelay(++failures, RETRY_BASE_MS, RETRY_MAX_MS));
        continue;
      }
      if (batch.length === 0) {
        if (!this.published) await this.idle.sleep(this.pollIntervalMs());
        continue;
      }
      // One offset commit per fetch, not per handler call: a crash in between redelivers events the
      // consumers have recorded as processed, which they skip.
      let delivered = 0;
      for (let start = 0; start < batch.length; start += this.delivery.maxSize) {
        // Stopping (a rollout): the handler call in hand finishes and is committed; the rest waits for the next member.
        if (this.stopped) break;
        const rows = batch.slice(start, start + this.delivery.maxSize);
        if (!(await this.deliver(rows))) break; // stopped before the handler succeeded: not committed
        delivered = start + rows.length;
      }
      if (delivered > 0) await this.commit(batch.slice(0, delivered)); // on failure, re-fetch from the committed offset
      if (delivered < batch.length) return;
      // A short batch was all there was: wait for the next publish (or poll) rather than ask again at
      // once, which under load is one empty fetch per group per publish.
      if (batch.length < this.fetchLimit && !this.published) await this.idle.sleep(this.pollIntervalMs());
    }
  }

  private fetch(): Promise<LogRow[]> {
    return this.db('events as e')
      .join('consumer_offsets as c', function () {
        this.on('c.topic', '=', 'e.topic');
      })
      .where('c.consumer_group', this.options.group)
      .whereIn('e.topic', this.options.topics)
      .whereRaw('e.log_offset > c.log_offset')
      .orderBy('e.log_offset')
      .limit(this.fetchLimit)
      .select<LogRow[]>('e.log_offset', 'e.topic', 'e.envelope');
  }

  /** Retries the handler until it succeeds (true) or the subscription is stopped (false). */
  private async deliver(rows: LogRow[]): Promise<boolean> {
    const events: EventEnvelope[] = [];
    for (const row of rows) {
      try {
        events.push(parseEnvelope(row.envelope));
      } catch (error) {
        // Only this library writes the log, so this is corruption; skipping beats blocking the group.
        this.logger.error('embedded log: skipping malformed event', { offset: row.log_offset, ...errorFields(error) });
      }
    }
    if (events.length === 0) return true;
    for (let attempt = 1; ; attempt++) {
      try {
        await this.delivery.handle(events);
        return true;
      } catch (error) {
        if (this.stopped) return false;
        this.logger.error('embedded log: handler failed, retrying', {
          group: this.options.group,
          eventId: events[0].id,
          events: events.length,
          attempt,
          ...errorFields(error),
        });
        await this.backoff.sleep(backoffDelay(attempt, RETRY_BASE_MS, RETRY_MAX_MS));
        if (this.stopped) return false;
      }
    }
  }

  /** Moves each topic's offset to the last of these rows (rows are in log order), all in one statement. */
  private async commit(rows: LogRow[]): Promise<boolean> {
    const lastByTopic = new Map<string, string>();
    for (const row of rows) lastByTopic.set(row.topic, row.log_offset);
    const topics = [...lastByTopic];
    try {
      await this.db.raw(
        `update consumer_offsets as c set log_offset = v.log_offset::bigint, updated_at = now()
           from (values ${topics.map(() => '(?, ?)').join(', ')}) as v(topic, log_offset)
          where c.consumer_group = ? and c.topic = v.topic`,
        [...topics.flat(), this.options.group],
      );
      return true;
    } catch (error) {
      this.logger.error('embedded log: offset commit failed', { group: this.options.group, ...errorFields(error) });
      return false;
    }
  }
}
