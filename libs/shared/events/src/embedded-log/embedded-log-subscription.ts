import { preparedRaw } from '@mp/db';
import type { Knex } from 'knex';
import { parseEnvelope, type EventEnvelope } from '../event-envelope';
import { batchDelivery, type BatchDelivery, type EventsLogger, type SubscribeOptions, type Subscription } from '../event-transport';
import { backoffDelay, Sleeper } from '../internal/backoff';
import { errorFields } from '../internal/validate';
import { onPublished, type PublishedTopics } from './publish-notifier';

const BATCH_SIZE = 100;
const RETRY_BASE_MS = 100;
const RETRY_MAX_MS = 5_000;
/** A busy group writes its offsets at most this often (as Kafka consumers auto-commit on an interval). */
export const OFFSET_COMMIT_INTERVAL_MS = 500;

interface LogRow {
  log_offset: string;
  topic: string;
  envelope: unknown;
}

/**
 * One consumer-group member reading the embedded log: fetches events after the group's committed
 * offsets (or its own position, when further) in log order, hands them to the handler one by one (or
 * in batches of up to maxBatchSize) and commits the offsets after the handler succeeded: at once when
 * none was written in the last commit interval, else at the end of it, and always on stop. A crash
 * in between redelivers at most that interval's events, which consumers have recorded as processed
 * and skip; one offset write per fetched run would be one statement per event under a light load.
 * Sleeps between polls unless a publish wakes it.
 */
export class EmbeddedLogSubscription implements Subscription {
  private stopped = false;
  private published = false; // set by notifications, so one arriving mid-fetch is not lost
  private readonly idle = new Sleeper(); // woken by publishes and stop()
  private readonly backoff = new Sleeper(); // woken by stop() only: publishes must not speed up retries
  private readonly unlisten: () => void;
  private readonly loop: Promise<void>;
  private readonly delivery: BatchDelivery;
  /** Per topic, the last offset handled here; ahead of the committed one until the next commit. */
  private readonly position = new Map<string, string>();
  private uncommitted = false;
  private lastCommitAt = 0;
  private commitTimer?: NodeJS.Timeout;
  private committing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Knex,
    private readonly options: SubscribeOptions,
    /** Read before each idle sleep: it changes with whether other processes' publishes can wake this one. */
    private readonly pollIntervalMs: () => number,
    private readonly logger: EventsLogger,
    private readonly onStopped: () => void,
    private readonly commitIntervalMs = OFFSET_COMMIT_INTERVAL_MS,
  ) {
    this.delivery = batchDelivery(options);
    this.unlisten = onPublished(options.topics, (types) => {
      if (this.acts(types)) this.wake();
    });
    this.loop = this.run();
  }

  /** Events of its topics were published: fetch now instead of at the next poll. */
  wake(): void {
    this.published = true;
    this.idle.wake();
  }

  /** Another process published: wakes this one when it published something this one acts on. */
  notice(published: PublishedTopics): void {
    if (published.some(({ topic, types }) => this.options.topics.includes(topic) && this.acts(types))) this.wake();
  }

  /**
   * Whether events of these types (undefined: not told) are worth a fetch now. Those of types the
   * subscriber passes over wait for its next poll or the next wanted event: fetched either way, in
   * log order, only not at once.
   */
  private acts(types: readonly string[] | undefined): boolean {
    const wanted = this.options.eventTypes;
    return !wanted || !types || types.some((type) => wanted.includes(type));
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
    clearTimeout(this.commitTimer);
    await this.commitPosition(); // what was handled here is not handled again by the next member
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
      // The position moves once per fetched run, not per handler call.
      let delivered = 0;
      for (let start = 0; start < batch.length; start += this.delivery.maxSize) {
        // Stopping (a rollout): the handler call in hand finishes and is committed; the rest waits for the next member.
        if (this.stopped) break;
        const rows = batch.slice(start, start + this.delivery.maxSize);
        if (!(await this.deliver(rows))) break; // stopped before the handler succeeded: not committed
        delivered = start + rows.length;
      }
      if (delivered > 0) await this.advance(batch.slice(0, delivered));
      if (delivered < batch.length) return;
      // A short batch was all there was: wait for the next publish (or poll) rather than ask again at
      // once, which under load is one empty fetch per group per publish.
      if (batch.length < this.fetchLimit && !this.published) await this.idle.sleep(this.pollIntervalMs());
    }
  }

  /**
   * The next rows of the group's topics in log order: per topic one ordered
   * index range from its start (the group's offset, or this member's position
   * when further), at most fetchLimit rows each, merged. The start is a
   * scalar read once per topic, so a lagging group reads fetchLimit rows, not
   * its whole backlog (joined to consumer_offsets per row, it read every row
   * past the offset and sorted them: 20 ms at a backlog of 15,000).
   */
  private async fetch(): Promise<LogRow[]> {
    const ranges = this.options.topics.map((topic) => {
      const own = this.position.get(topic);
      const start = own === undefined ? 'c.log_offset' : 'greatest(c.log_offset, ?::bigint)';
      return {
        sql:
          `(select e.log_offset, e.topic, e.envelope from "events" as e where e.topic = ? and e.log_offset > ` +
          `(select ${start} from "consumer_offsets" as c where c.consumer_group = ? and c.topic = ?) order by e.log_offset limit ?)`,
        bindings: [topic, ...(own === undefined ? [] : [own]), this.options.group, topic, this.fetchLimit],
      };
    });
    const merged =
      ranges.length === 1
        ? ranges[0]
        : {
            sql: `select * from (${ranges.map((range) => range.sql).join(' union all ')}) as r order by r.log_offset limit ?`,
            bindings: [...ranges.flatMap((range) => range.bindings), this.fetchLimit],
          };
    // A handful of texts per subscription (which topics have a position of this member's): each prepared once per connection.
    return (await preparedRaw<{ rows: LogRow[] }>(this.db, merged.sql, merged.bindings)).rows;
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

  /** Records these handled rows (in log order) as this member's position and commits it when due. */
  private async advance(rows: LogRow[]): Promise<void> {
    for (const row of rows) this.position.set(row.topic, String(row.log_offset));
    this.uncommitted = true;
    const dueIn = this.lastCommitAt + this.commitIntervalMs - Date.now();
    if (dueIn <= 0) await this.commitPosition();
    else this.commitLater(dueIn);
  }

  private commitLater(ms: number): void {
    this.commitTimer ??= setTimeout(() => void this.commitPosition(), ms).unref();
  }

  /** Writes the position, if it moved, in one statement whatever topics it spans; commits never overlap. */
  private commitPosition(): Promise<void> {
    this.committing = this.committing.then(async () => {
      clearTimeout(this.commitTimer);
      this.commitTimer = undefined;
      if (!this.uncommitted) return;
      this.uncommitted = false;
      this.lastCommitAt = Date.now();
      const topics = [...this.position];
      try {
        // Never backwards: another member of the group may have committed further meanwhile.
        await this.db.raw(
          `update consumer_offsets as c set log_offset = greatest(c.log_offset, v.log_offset::bigint), updated_at = now()
             from (values ${topics.map(() => '(?, ?)').join(', ')}) as v(topic, log_offset)
            where c.consumer_group = ? and c.topic = v.topic`,
          [...topics.flat(), this.options.group],
        );
      } catch (error) {
        // Still handled here, so not fetched again by this member; a later commit writes it.
        this.uncommitted = true;
        this.logger.error('embedded log: offset commit failed', { group: this.options.group, ...errorFields(error) });
        if (!this.stopped) this.commitLater(this.commitIntervalMs);
      }
    });
    return this.committing;
  }
}
