import { migrateLatest, preparedRaw, type DatabaseProvider, type Listening } from '@mp/db';
import type { Knex } from 'knex';
import type { EventEnvelope } from '../event-envelope';
import type { ConsumerLag, EventsLogger, EventTransport, SubscribeOptions, Subscription } from '../event-transport';
import { assertSubscription, errorFields } from '../internal/validate';
import { EmbeddedLogSubscription } from './embedded-log-subscription';
import { EVENT_LOG_SCHEMA, eventLogMigrations } from './event-log-migrations';
import { notifyPublished, publishedTopics, type PublishedTopics } from './publish-notifier';
import { PUBLISHED_CHANNEL, publishedFrom, publishedPayload, readPublished } from './published-notification';
import { CLAIMABLE_OUTBOX_ROWS } from '../outbox/claim-outbox-batch';
import { schemaOf } from '../outbox/outbox-metrics';
import { subscriptionPollIntervalFor } from '../poll-interval';

export interface EmbeddedLogTransportOptions {
  db: DatabaseProvider;
  /** How often idle subscribers look for events nobody woke them for (default: subscriptionPollIntervalFor). */
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
  private readonly provider: DatabaseProvider;
  private readonly db: Knex;
  private readonly pollIntervalMs: () => number;
  private readonly logger: EventsLogger;
  private readonly subscriptions = new Map<string, EmbeddedLogSubscription>();
  private ready?: Promise<void>;
  private closing?: Promise<void>;
  /** PostgreSQL: other processes' publishes, told by NOTIFY. */
  private listening?: Promise<Listening | undefined>;
  /** Whether that listening connection is up: subscribers poll less often while it is. */
  private notified = false;

  constructor(options: EmbeddedLogTransportOptions) {
    this.provider = options.db;
    this.db = options.db.forSchema(EVENT_LOG_SCHEMA);
    const fixed = options.pollIntervalMs;
    this.pollIntervalMs = () => fixed ?? subscriptionPollIntervalFor(this.provider, this.notified);
    this.logger = options.logger ?? console;
  }

  async publish(events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    if (events.length === 0) return;
    await this.ensureTables();
    const rows = events.map((e) => [e.topic, e.key, e.id, JSON.stringify(e)]);
    const published = publishedTopics(events);
    if (rows.length <= INSERT_CHUNK) {
      // One statement, its own transaction: the writers' lock is held from before the offsets are
      // drawn until the rows are committed.
      await this.insertSerialised(this.db, rows, published);
    } else {
      await this.db.transaction(async (trx) => {
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) await this.insertSerialised(trx, rows.slice(i, i + INSERT_CHUNK), published);
      });
    }
    notifyPublished(published);
  }

  /**
   * Offsets must become visible in offset order, or a reader could commit past an offset whose
   * transaction has not committed yet and skip it forever. Writers therefore take a transaction-level
   * advisory lock before their rows draw offsets (the insert's defaults are computed on the joined
   * row, after the lock) and hold it to their commit. Readers take no lock, and nothing else is
   * locked: no table-wide lock, no extra statement.
   */
  private insertSerialised(db: Knex, rows: string[][], published: PublishedTopics): Promise<unknown> {
    const insert = `insert into events (topic, key, event_id, envelope)
       select v.topic, v.key, v.event_id, v.envelope::jsonb
         from (select pg_advisory_xact_lock(?::bigint)) as writers
        cross join (values ${rows.map(() => '(?::int, ?, ?, ?, ?)').join(', ')}) as v(n, topic, key, event_id, envelope)
        order by v.n`;
    const bindings = [EVENT_LOG_WRITERS_LOCK, ...rows.flatMap((row, n) => [n, ...row])];
    if (!this.provider.isPostgres) return db.raw(insert, bindings);
    // The same statement tells other processes' subscribers (NOTIFY is sent when it commits).
    return db.raw(`with inserted as (${insert} returning 1) select pg_notify(?, ?) from (select count(*) from inserted) as done`, [
      ...bindings,
      PUBLISHED_CHANNEL,
      publishedPayload(published),
    ]);
  }

  /**
   * An outbox of this log's database goes into the log in one statement: its
   * claimable rows are marked published and appended, in id order, under the
   * writers' lock (as publish does), and on PostgreSQL other processes are
   * notified. Nothing is leased: the rows are published once the statement
   * commits, or not at all.
   */
  async relayOutbox(outbox: Knex, limit: number): Promise<number | undefined> {
    this.assertOpen();
    if (this.provider.forSchema(schemaOf(outbox)) !== outbox) return undefined; // another database
    await this.ensureTables();
    const notify = this.provider.isPostgres
      ? `, (select pg_notify(?, json_build_object('from', ?::text, 'topics', (select json_agg(topic) from summary),
                                                'types', (select json_object_agg(topic, types) from summary))::text)
             where exists (select 1 from summary)) as notified`
      : '';
    const result = await preparedRaw<{ rows: Array<{ moved: Array<{ topic: string; n: number; types: string[] }> | null }> }>(
      outbox,
      `with ${CLAIMABLE_OUTBOX_ROWS}, moved as (
         update outbox o set published_at = now(), claimed_until = null
           from claimable
          where o.id = claimable.id
         returning o.id, o.topic, o.key, o.event_id, o.envelope
       ), appended as (
         insert into ${EVENT_LOG_SCHEMA}.events (topic, key, event_id, envelope)
         select m.topic, m.key, m.event_id, m.envelope
           from (select pg_advisory_xact_lock(?::bigint)) as writers
          cross join moved m
          order by m.id
         returning topic, envelope->>'type' as type
       ), summary as (
         select topic, count(*)::int as n, json_agg(distinct type) as types from appended group by topic
       )
       select (select json_agg(json_build_object('topic', topic, 'n', n, 'types', types)) from summary) as moved${notify}`,
      [limit, EVENT_LOG_WRITERS_LOCK, ...(this.provider.isPostgres ? [PUBLISHED_CHANNEL, publishedFrom()] : [])],
    );
    const moved = result.rows[0]?.moved ?? [];
    if (moved.length > 0) notifyPublished(moved);
    return moved.reduce((sum, m) => sum + m.n, 0);
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
    await this.listenForOtherProcesses();
    options.signal?.throwIfAborted(); // nothing consumes yet: abandoning leaves nothing to stop
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
      await (await this.listening)?.stop();
    })();
    return this.closing;
  }

  /**
   * PostgreSQL: one listening connection per transport wakes its subscribers
   * when another process publishes to their topics (this process's own
   * publishes wake them directly). Lost, it reconnects; meanwhile, and until
   * it first listens, subscribers poll at the short interval.
   */
  private listenForOtherProcesses(): Promise<Listening | undefined> {
    const wake = (published?: PublishedTopics) => {
      for (const subscription of new Set(this.subscriptions.values())) {
        if (!published) subscription.wake();
        else subscription.notice(published);
      }
    };
    this.listening ??= (async () => {
      if (!this.provider.listen) return undefined;
      const listening = await this.provider.listen(PUBLISHED_CHANNEL, {
        onNotification: (payload) => {
          const published = readPublished(payload);
          if (published?.elsewhere) wake(published.published);
        },
        onResumed: () => {
          this.notified = true;
          wake(); // what they published meanwhile was not told
        },
        onLost: (error) => {
          this.notified = false;
          this.logger.error('embedded log: not told of other processes\' publishes; polling every 250 ms until listening again', errorFields(error));
        },
      });
      this.notified = listening.active;
      return listening;
    })().catch((error: unknown) => {
      this.logger.error('embedded log: could not listen for other processes\' publishes; polling', errorFields(error));
      return undefined;
    });
    return this.listening;
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
