import { randomUUID } from 'node:crypto';
import { preparedRaw } from '@mp/db';
import type { Knex } from 'knex';
import type { EventEnvelope } from '../event-envelope';

export interface OutboxEvent {
  topic: string;
  key: string;
  type: string;
  /** Payload schema version (default 1). */
  version?: number;
  payload: unknown;
  traceparent?: string;
  /** Event id (default: a new uuid); pass one to make a retried command produce the same event. */
  id?: string;
}

/**
 * Writes the event into <schema>.outbox inside the caller's transaction; returns the envelope. The
 * event is published only if that transaction commits (by the OutboxRelay).
 */
export async function enqueueEvent(trx: Knex.Transaction | Knex, event: OutboxEvent, now: Date): Promise<EventEnvelope> {
  const [envelope] = await enqueueEvents(trx, [event], now);
  return envelope;
}

/** Several events in one insert, in order (a batch of state changes committing together). */
export async function enqueueEvents(trx: Knex.Transaction | Knex, events: OutboxEvent[], now: Date): Promise<EventEnvelope[]> {
  const { statement, envelopes } = outboxInsertOf(events, now);
  if (statement) await trx.raw(statement.sql, statement.bindings as Knex.RawBinding[]);
  return envelopes;
}

/** A statement with `?` placeholders, for a caller to run inside one of its own (a CTE). */
export interface SqlStatement {
  sql: string;
  bindings: readonly unknown[];
}

/**
 * The outbox insert of `events`, not run: for a write that takes its events
 * into its own statement (`with o as (<insert>) ...`), so storing a change and
 * its events is one round trip. No statement when there are no events.
 */
export function outboxInsertOf(events: OutboxEvent[], now: Date): { statement?: SqlStatement; envelopes: EventEnvelope[] } {
  const envelopes = events.map((event) => envelopeOf(event, now));
  if (envelopes.length === 0) return { envelopes };
  return {
    envelopes,
    statement: {
      sql: `insert into "outbox" ("event_id", "topic", "key", "type", "envelope", "created_at") values ${envelopes.map(() => '(?, ?, ?, ?, ?::jsonb, ?)').join(', ')}`,
      // The envelope is serialised here so a payload that is not JSON-serialisable fails in the producer's transaction.
      bindings: envelopes.flatMap((envelope) => [envelope.id, envelope.topic, envelope.key, envelope.type, JSON.stringify(envelope), now]),
    },
  };
}

function envelopeOf(event: OutboxEvent, now: Date): EventEnvelope {
  for (const field of ['topic', 'key', 'type'] as const) {
    if (!event[field]) throw new Error(`enqueueEvent: ${field} is required`);
  }
  // JSON has no undefined: the consumer would receive an envelope without payload.
  if (event.payload === undefined) throw new Error('enqueueEvent: payload is required (use null for none)');
  return {
    id: event.id ?? randomUUID(),
    type: event.type,
    version: event.version ?? 1,
    topic: event.topic,
    key: event.key,
    occurredAt: now.toISOString(),
    ...(event.traceparent ? { traceparent: event.traceparent } : {}),
    payload: event.payload,
  };
}

/**
 * Runs `insert` (an INSERT that skips duplicates and returns one row when it inserted) and, only if
 * it inserted, writes the event into the outbox: one statement, so atomic without a transaction.
 * Answers the envelope, or undefined when the row existed already and nothing was written.
 */
export async function enqueueEventIfInserted(db: Knex, insert: Knex.QueryBuilder, event: OutboxEvent, now: Date): Promise<EventEnvelope | undefined> {
  const envelope = envelopeOf(event, now);
  const { sql, bindings } = insert.toSQL();
  // One text per call site (its insert's columns): prepared once per connection.
  const result = await preparedRaw<{ rows: unknown[] }>(
    db,
    `with recorded as (${sql})
     insert into outbox (event_id, topic, key, type, envelope, created_at)
     select ?, ?, ?, ?, ?::jsonb, ? from recorded
     returning event_id`,
    [...bindings, envelope.id, envelope.topic, envelope.key, envelope.type, JSON.stringify(envelope), now],
  );
  return result.rows.length > 0 ? envelope : undefined;
}
