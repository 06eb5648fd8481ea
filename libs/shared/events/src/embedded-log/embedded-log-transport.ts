import { migrateLatest, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import type { EventEnvelope } from '../event-envelope';
import type { ConsumerLag, EventsLogger, EventTransport, SubscribeOptions, Subscription } from '../event-transport';
import { assertSubscription } from '../internal/validate';
import { EmbeddedLogSubscription } from './embedded-log-subscription';
import { EVENT_LOG_SCHEMA, eventLogMigrations } from './event-log-migrations';
import { notifyPublished } from './publish-notifier';
import { pollIntervalFor } from '../poll-interval';

export interface EmbeddedLogTransportOptions {
  db: DatabaseProvider;
  /** How often idle subscribers look for events published by other processes (default: pollIntervalFor). */
  pollIntervalMs?: number;
  logger?: EventsLogger;
}

const INSERT_CHUNK = 500;
/** Advisory lock key of the log's writers (an arbitrary constant: "eventlog" in ASCII). */
const EVENT_LOG_WRITERS_LOCK = 0x6576656e746c6f67n.toString();

/**
 * Durable event log in the `eventlog` schema of the platform database, for running without Kafka.
 * Every group reads every event of its topics in publish order and resumes from its committed
 * offset after a restart.
 */
export function createEmbeddedLogTransport(options: EmbeddedLogTransportOptions): EventTransport {
  return new EmbeddedLogTransport(options);
}

class EmbeddedLogTransport implements EventTransport {
  private readonly db: Knex;
  private readonly pollIntervalMs: number;
  private readonly logger: EventsLogger;
  private readonly subscriptions = new Map<string, EmbeddedLogSubscription>();
  private ready?: Promise<void>;
  private closing?: Promise<void>;

  constructor(options: EmbeddedLogTransportOptions) {
    this.db = options.db.forSchema(EVENT_LOG_SCHEMA);
    this.pollIntervalMs = options.pollIntervalMs ?? pollIntervalFor(options.db);
    this.logger = options.logger ?? console;
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    if (events.length === 0) return;
    await this.ensureTables();
    const rows = events.map((e) => [e.topic, e.key, e.id, JSON.stringify(e)]);
    if (rows.length <= INSERT_CHUNK) {
      // One statement, its own transaction: the writers' lock is held from before the offsets are
      // drawn until the rows are committed.
      await this.insertSerialised(this.db, rows);
    } else {
      await this.db.transaction(async (trx) => {
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) await this.insertSerialised(trx, rows.slice(i, i + INSERT_CHUNK));
      });
    }
    notifyPublished(events.map((e) => e.topic));
  }

  /**
   * Offsets must become visible in offset order, or a reader could commit past an offset whose
   * transaction has not committed yet and skip it forever. Writers therefore take a transaction-level
   * advisory lock before their rows draw offsets (the insert's defaults are computed on the joined
   * row, after the lock) and hold it to their commit. Readers take no lock, and nothing else is
   * locked: no table-wide lock, no extra statement.
   */
  private insertSerialised(db: Knex, rows: string[][]): Promise<unknown> {
    return db.raw(
      `insert into events (topic, key, event_id, envelope)
       select v.topic, v.key, v.event_id, v.envelope::jsonb
         from (select pg_advisory_xact_lock(?::bigint)) as writers
        cross join (values ${rows.map(() => '(?::int, ?, ?, ?, ?)').join(', ')}) as v(n, topic, key, event_id, envelope)
        order by v.n`,
      [EVENT_LOG_WRITERS_LOCK, ...rows.flatMap((row, n) => [n, ...row])],
    );
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    assertSubscription(options.group, options.topics);
    // Two members of one group would each process everything; the embedded log has no partitions
    // to split between them, so only one is allowed per transport.
    const keys = options.topics.map((topic) => `${options.group}\u0000${topic}`);
    if (keys.some((k) => this.subscriptions.has(k))) {
      throw new Error(`Group "${options.group}" is already subscribed to one of ${options.topics.join(', ')}`);
    }
    await this.ensureTables();
    await this.initialiseOffsets(options);
    const subscription = new EmbeddedLogSubscription(this.db, options, this.pollIntervalMs, this.logger, () => {
      for (const k of keys) if (this.subscriptions.get(k) === subscription) this.subscriptions.delete(k);
    });
    for (const k of keys) this.subscriptions.set(k, subscription);
    return subscription;
  }

  async consumerLag(): Promise<ConsumerLag[]> {
    const pairs = [...this.subscriptions.keys()].map((key) => key.split('\u0000'));
    if (pairs.length === 0) return [];
    // Counted over the log's (topic, log_offset) index from each group's position.
    const rows: Array<{ consumer_group: string; topic: string; lag: string | number }> = await this.db('consumer_offsets as o')
      .whereIn(['o.consumer_group', 'o.topic'], pairs)
      .select('o.consumer_group', 'o.topic', this.db.raw('(select count(*) from events e where e.topic = o.topic and e.log_offset > o.log_offset) as lag'));
    return rows.map((row) => ({ consumerGroup: row.consumer_group, topic: row.topic, lag: Number(row.lag) }));
  }

  async ensureTopics(): Promise<void> {
    this.assertOpen();
    await this.ensureTables(); // topics are just a column here
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const all = new Set(this.subscriptions.values());
      await Promise.all([...all].map((s) => s.stop()));
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('The event transport is closed');
  }

  private ensureTables(): Promise<void> {
    this.ready ??= migrateLatest(this.db, EVENT_LOG_SCHEMA, eventLogMigrations).catch((error: unknown) => {
      this.ready = undefined; // retry on next use
      throw error;
    });
    return this.ready;
  }

  /** A group seen for the first time starts at the oldest event or, like Kafka's "latest", after the newest. */
  private async initialiseOffsets({ group, topics, fromBeginning }: SubscribeOptions): Promise<void> {
    const start = fromBeginning
      ? this.db.raw('0')
      : this.db.raw('(select coalesce(max(log_offset), 0) from events)');
    for (const topic of topics) {
      await this.db('consumer_offsets')
        .insert({ consumer_group: group, topic, log_offset: start })
        .onConflict(['consumer_group', 'topic'])
        .ignore();
    }
  }
}
