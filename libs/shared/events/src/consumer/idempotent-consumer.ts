import { forbidRemoteCalls, isUnavailable } from '@mp/grpc';
import type { Knex } from 'knex';
import type { EventEnvelope } from '../event-envelope';
import type { EventsLogger, EventTransport, Subscription } from '../event-transport';
import { backoffDelay } from '../internal/backoff';
import { errorFields } from '../internal/validate';

/**
 * What a consumer does with an event, in two steps so that a transaction never waits on another
 * service: `prepare` runs outside any transaction and may call other services; `apply` runs in the
 * transaction that records the event as processed, and any call to another service there fails at once.
 */
export interface ConsumerSteps<P = EventEnvelope> {
  /**
   * The event types this consumer acts on. Others on its topics are passed over before any database
   * work (no transaction, no processed id): most consumers want one type of a busy topic.
   */
  eventTypes?: readonly string[];
  /**
   * Of a run of wanted events, the ones this consumer has work for: one read outside any
   * transaction. The others are passed over like other event types (no transaction, no processed
   * id), for a consumer that most often has nothing to do, such as fan-out to an account's webhook
   * endpoints when it has none. A redelivered event is asked about again.
   */
  actionable?(events: EventEnvelope[]): Promise<EventEnvelope[]>;
  /** Outside any transaction; the place for remote reads. Without it apply receives the event itself. */
  prepare?(event: EventEnvelope): Promise<P>;
  /** In the transaction that records the event as processed: local writes through trx only. */
  apply(trx: Knex.Transaction, prepared: P, event: EventEnvelope): Promise<void>;
  /**
   * A batch's new events at once, in order, in the same transaction (a consumer that can write
   * them with fewer statements than one apply each). Without it, apply runs per event.
   */
  applyAll?(trx: Knex.Transaction, items: Array<{ prepared: P; event: EventEnvelope }>): Promise<void>;
}

export interface ConsumerOptions<P = EventEnvelope> extends ConsumerSteps<P> {
  /** The knex of the consuming service's schema (holding processed_events and dead_letters). */
  db: Knex;
  transport: EventTransport;
  group: string;
  topics: string[];
  /** Up to this many consecutive events are applied in one transaction with their processed ids (default 1). */
  batchSize?: number;
  /** Attempts before an event is parked in dead_letters (default 5). */
  maxAttempts?: number;
  /** First retry delay, doubled per attempt up to 2s (default 100ms). */
  retryBaseMs?: number;
  /** A new group starts at the oldest retained event (default true), so nothing published before its first start is missed. */
  fromBeginning?: boolean;
  /** Abandons a subscribe still pending (see SubscribeOptions.signal). */
  signal?: AbortSignal;
  logger?: EventsLogger;
}

const RETRY_MAX_MS = 2_000;

/**
 * Idempotent: prepares an event, then in ONE transaction inserts (group, event.id) into
 * processed_events and applies it; an event already processed is skipped. A batch is applied in one
 * transaction with all its processed ids; if it fails, its events are retried one by one, so one bad
 * event cannot hold back the others. An event that keeps failing is parked in dead_letters and the
 * consumer moves on instead of blocking its partition forever.
 */
export function startIdempotentConsumer<P = EventEnvelope>(options: ConsumerOptions<P>): Promise<Subscription> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
  const retryBaseMs = options.retryBaseMs ?? 100;
  const batchSize = Math.max(1, Math.floor(options.batchSize ?? 1));
  const logger = options.logger ?? console;
  const { db, group } = options;
  const owner = `event consumer "${group}" (apply)`;

  const wanted = (event: EventEnvelope) => !options.eventTypes || options.eventTypes.includes(event.type);
  const actionable = (events: EventEnvelope[]): Promise<EventEnvelope[]> =>
    options.actionable && events.length > 0 ? options.actionable(events) : Promise.resolve(events);

  const prepare = (event: EventEnvelope): Promise<P> =>
    options.prepare ? options.prepare(event) : Promise.resolve(event as unknown as P);

  /** Ids of these events this group has already processed (or parked). */
  const alreadyProcessed = async (events: EventEnvelope[]): Promise<Set<string>> =>
    new Set(
      await db('processed_events')
        .where('consumer_group', group)
        .whereIn(
          'event_id',
          events.map((e) => e.id),
        )
        .pluck<string[]>('event_id'),
    );

  /** Records the events as processed in trx; returns the ids that were not recorded before. */
  const markProcessed = async (trx: Knex.Transaction, events: EventEnvelope[], at: Date): Promise<Set<string>> => {
    const inserted: Array<{ event_id: string }> = await trx('processed_events')
      .insert(events.map((e) => ({ consumer_group: group, event_id: e.id, processed_at: at })))
      .onConflict(['consumer_group', 'event_id'])
      .ignore()
      .returning('event_id');
    return new Set(inserted.map((row) => row.event_id));
  };

  /** Prepares the new ones among events (a known duplicate costs no remote work) and applies them in one transaction. */
  const processTogether = async (events: EventEnvelope[]): Promise<void> => {
    const seen = options.prepare ? await alreadyProcessed(events) : new Set<string>();
    const fresh = events.filter((e, i) => !seen.has(e.id) && events.findIndex((other) => other.id === e.id) === i);
    if (fresh.length === 0) return;
    const prepared: P[] = [];
    for (const event of fresh) prepared.push(await prepare(event));
    await db.transaction(async (trx) => {
      const recorded = await markProcessed(trx, fresh, new Date());
      // Events processed concurrently since the check are left out.
      const items = fresh.flatMap((event, i) => (recorded.has(event.id) ? [{ prepared: prepared[i], event }] : []));
      if (options.applyAll && items.length > 1) {
        await forbidRemoteCalls(owner, () => options.applyAll!(trx, items));
        return;
      }
      for (const { prepared: p, event } of items) await forbidRemoteCalls(owner, () => options.apply(trx, p, event));
    });
  };

  // Marked processed as well, so a redelivery of a parked event is skipped rather than parked again.
  const park = (event: EventEnvelope, error: unknown): Promise<void> =>
    db.transaction(async (trx) => {
      const now = new Date();
      await markProcessed(trx, [event], now);
      await trx('dead_letters')
        .insert({
          consumer_group: group,
          event_id: event.id,
          topic: event.topic,
          type: event.type,
          envelope: JSON.stringify(event),
          error: describe(error),
          attempts: maxAttempts,
          dead_at: now,
        })
        .onConflict(['consumer_group', 'event_id'])
        .ignore();
    });

  const handleOne = async (event: EventEnvelope): Promise<void> => {
    if (wanted(event) && (await actionable([event])).length > 0) await handleAlone(event);
  };

  /** Retried alone until it applies, then parked; an outage (database or service unavailable) is no fault of the event's. */
  const handleAlone = async (event: EventEnvelope): Promise<void> => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      try {
        await processTogether([event]);
        return;
      } catch (error) {
        // Thrown to the transport, which retries the event with its backoff until the outage ends: never parked for it.
        if (isUnavailable(error)) throw error;
        lastError = error;
        if (attempt < maxAttempts) await sleep(backoffDelay(attempt, retryBaseMs, RETRY_MAX_MS));
      }
    }
    logger.error('event consumer: parking event in dead_letters', {
      group,
      eventId: event.id,
      type: event.type,
      attempts: maxAttempts,
      ...errorFields(lastError),
    });
    // If parking fails too (database down), this throws and the transport retries the event later.
    await park(event, lastError);
  };

  const handleBatch = async (all: EventEnvelope[]): Promise<void> => {
    const events = await actionable(all.filter(wanted));
    if (events.length > 1) {
      try {
        await processTogether(events);
        return;
      } catch (error) {
        if (isUnavailable(error)) throw error; // the transport retries the batch once the outage ends
        // Nothing of the batch was committed; one by one, a bad event is retried and parked alone.
        logger.error('event consumer: batch failed, applying its events one by one', { group, events: events.length, ...errorFields(error) });
      }
    }
    for (const event of events) await handleAlone(event);
  };

  const subscription = { group, topics: options.topics, fromBeginning: options.fromBeginning ?? true, eventTypes: options.eventTypes, signal: options.signal };
  return batchSize > 1
    ? options.transport.subscribe({ ...subscription, batchHandler: handleBatch, maxBatchSize: batchSize })
    : options.transport.subscribe({ ...subscription, handler: handleOne });
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
