import type { Knex } from 'knex';
import type { EventEnvelope } from '../event-envelope';
import type { EventsLogger, EventTransport, Subscription } from '../event-transport';
import { backoffDelay } from '../internal/backoff';
import { errorFields } from '../internal/validate';

export interface ConsumerOptions {
  /** The knex of the consuming service's schema (holding processed_events and dead_letters). */
  db: Knex;
  transport: EventTransport;
  group: string;
  topics: string[];
  /** Runs in the transaction that also records the event as processed. */
  handle(event: EventEnvelope, trx: Knex.Transaction): Promise<void>;
  /** Attempts before an event is parked in dead_letters (default 5). */
  maxAttempts?: number;
  /** First retry delay, doubled per attempt up to 2s (default 100ms). */
  retryBaseMs?: number;
  /** A new group starts at the oldest retained event (default true), so nothing published before its first start is missed. */
  fromBeginning?: boolean;
  logger?: EventsLogger;
}

const RETRY_MAX_MS = 2_000;

/**
 * Idempotent: in ONE transaction inserts (group, event.id) into processed_events and runs
 * handle(event, trx); an event already processed is skipped. A handler that keeps failing is parked
 * in dead_letters and the consumer moves on instead of blocking its partition forever.
 */
export function startIdempotentConsumer(options: ConsumerOptions): Promise<Subscription> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 5);
  const retryBaseMs = options.retryBaseMs ?? 100;
  const logger = options.logger ?? console;

  const processOnce = (event: EventEnvelope): Promise<void> =>
    options.db.transaction(async (trx) => {
      const inserted = await trx('processed_events')
        .insert({ consumer_group: options.group, event_id: event.id, processed_at: new Date() })
        .onConflict(['consumer_group', 'event_id'])
        .ignore()
        .returning('event_id');
      if (inserted.length === 0) return; // duplicate delivery: already processed (or parked)
      await options.handle(event, trx);
    });

  // Marked processed as well, so a redelivery of a parked event is skipped rather than parked again.
  const park = (event: EventEnvelope, error: unknown): Promise<void> =>
    options.db.transaction(async (trx) => {
      const now = new Date();
      await trx('processed_events')
        .insert({ consumer_group: options.group, event_id: event.id, processed_at: now })
        .onConflict(['consumer_group', 'event_id'])
        .ignore();
      await trx('dead_letters')
        .insert({
          consumer_group: options.group,
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

  const handler = async (event: EventEnvelope): Promise<void> => {
    let lastError: unknown;
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      try {
        await processOnce(event);
        return;
      } catch (error) {
        lastError = error;
        if (attempt < maxAttempts) await sleep(backoffDelay(attempt, retryBaseMs, RETRY_MAX_MS));
      }
    }
    logger.error('event consumer: parking event in dead_letters', {
      group: options.group,
      eventId: event.id,
      type: event.type,
      attempts: maxAttempts,
      ...errorFields(lastError),
    });
    // If parking fails too (database down), this throws and the transport retries the event later.
    await park(event, lastError);
  };

  return options.transport.subscribe({
    group: options.group,
    topics: options.topics,
    fromBeginning: options.fromBeginning ?? true,
    handler,
  });
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.stack ?? `${error.name}: ${error.message}`;
  return String(error);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
