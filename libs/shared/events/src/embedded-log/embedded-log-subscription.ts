import type { Knex } from 'knex';
import { parseEnvelope, type EventEnvelope } from '../event-envelope';
import type { EventsLogger, SubscribeOptions, Subscription } from '../event-transport';
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
 * offsets in log order, hands them to the handler one by one and commits each offset after the
 * handler succeeded. Sleeps between polls unless a same-process publish wakes it.
 */
export class EmbeddedLogSubscription implements Subscription {
  private stopped = false;
  private published = false; // set by notifications, so one arriving mid-fetch is not lost
  private readonly idle = new Sleeper(); // woken by publishes and stop()
  private readonly backoff = new Sleeper(); // woken by stop() only: publishes must not speed up retries
  private readonly unlisten: () => void;
  private readonly loop: Promise<void>;

  constructor(
    private readonly db: Knex,
    private readonly options: SubscribeOptions,
    private readonly pollIntervalMs: number,
    private readonly logger: EventsLogger,
    private readonly onStopped: () => void,
  ) {
    this.unlisten = onPublished(options.topics, () => {
      this.published = true;
      this.idle.wake();
    });
    this.loop = this.run();
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
        if (!this.published) await this.idle.sleep(this.pollIntervalMs);
        continue;
      }
      for (const row of batch) {
        if (!(await this.deliver(row))) return; // stopped before the handler succeeded: not committed
        if (!(await this.commit(row))) break; // re-fetch from the committed offset (redelivery is deduped)
      }
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
      .limit(BATCH_SIZE)
      .select<LogRow[]>('e.log_offset', 'e.topic', 'e.envelope');
  }

  /** Retries the handler until it succeeds (true) or the subscription is stopped (false). */
  private async deliver(row: LogRow): Promise<boolean> {
    let event: EventEnvelope;
    try {
      event = parseEnvelope(row.envelope);
    } catch (error) {
      // Only this library writes the log, so this is corruption; skipping beats blocking the group.
      this.logger.error('embedded log: skipping malformed event', { offset: row.log_offset, ...errorFields(error) });
      return true;
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await this.options.handler(event);
        return true;
      } catch (error) {
        if (this.stopped) return false;
        this.logger.error('embedded log: handler failed, retrying', {
          group: this.options.group,
          eventId: event.id,
          attempt,
          ...errorFields(error),
        });
        await this.backoff.sleep(backoffDelay(attempt, RETRY_BASE_MS, RETRY_MAX_MS));
        if (this.stopped) return false;
      }
    }
  }

  private async commit(row: LogRow): Promise<boolean> {
    try {
      await this.db('consumer_offsets')
        .where({ consumer_group: this.options.group, topic: row.topic })
        .update({ log_offset: row.log_offset, updated_at: this.db.fn.now() });
      return true;
    } catch (error) {
      this.logger.error('embedded log: offset commit failed', { group: this.options.group, ...errorFields(error) });
      return false;
    }
  }
}
