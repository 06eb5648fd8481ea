import type { Clock } from '@mp/clock';
import type { Migration } from '@mp/db';
import type { ConsumerSteps, EventEnvelope, EventTransport, OutboxEvent, SqlStatement } from '@mp/events';
import { forbidRemoteCalls } from '@mp/grpc';
import type { ServiceBinding } from '@mp/grpc';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { Degradation } from './readiness';
import type { ServiceClients } from './service-clients';
import type { ServiceName } from './host-config';

/**
 * Writes events in the caller's transaction; the relay publishes them after commit.
 * An event carries the active span's trace unless it names its own `traceparent`
 * (a batch of several messages' changes, each continuing its message's trace).
 */
export interface OutboxWriter {
  enqueue(trx: Knex.Transaction, event: OutboxEvent): Promise<EventEnvelope>;
  /** Several events in one statement (a batch of changes committing together); one by one when absent. */
  enqueueAll?(trx: Knex.Transaction, events: Array<OutboxEvent>): Promise<EventEnvelope[]>;
  /**
   * Runs `insert` (skipping a duplicate, returning one row when it inserted) and enqueues the event
   * only if it inserted, in one statement of its own; undefined when the row existed already.
   */
  enqueueIfInserted?(db: Knex, insert: Knex.QueryBuilder, event: OutboxEvent): Promise<EventEnvelope | undefined>;
  /**
   * `write` stores the caller's rows in `db` with one statement that also runs the outbox insert
   * it is given (as a CTE): a change and its events in one round trip, published after commit
   * (`db` a transaction) or once the statement has run (`db` the database: it commits alone).
   */
  enqueueWithin?<T>(db: Knex, events: OutboxEvent[], write: (outboxInsert: SqlStatement | undefined) => Promise<T>): Promise<T>;
}

/**
 * Runs `write` and enqueues `events` in the same transaction: inside `write`'s own statement when
 * the writer can (it is handed the outbox insert), else in one statement after it.
 */
export async function writeWithEvents<T>(
  outbox: OutboxWriter,
  trx: Knex.Transaction,
  events: OutboxEvent[],
  write: (outboxInsert: SqlStatement | undefined) => Promise<T>,
): Promise<T> {
  if (outbox.enqueueWithin) return outbox.enqueueWithin(trx, events, write);
  const written = await write(undefined);
  await enqueueAll(outbox, trx, events);
  return written;
}

/** Enqueues events in order, in one statement when the writer can. */
export async function enqueueAll(outbox: OutboxWriter, trx: Knex.Transaction, events: Array<OutboxEvent>): Promise<EventEnvelope[]> {
  if (outbox.enqueueAll) return outbox.enqueueAll(trx, events);
  const envelopes: EventEnvelope[] = [];
  for (const event of events) envelopes.push(await outbox.enqueue(trx, event));
  return envelopes;
}

export interface ServiceDeps<C> {
  config: C;
  /** Bound to this service's own schema: no other service's tables are reachable. */
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
  logger: Logger;
  clients: ServiceClients;
  sandbox: boolean;
  /** The host's event transport, for what must hear events outside the consumers (a cache's evictions). */
  transport?: EventTransport;
}

/**
 * Reacts to events in two steps, so that a transaction never waits on another service (on the
 * embedded database the callee would wait for the connection the transaction holds):
 * - `prepare(event)` runs outside any transaction: fetch here whatever other services must say;
 * - `apply(trx, prepared, event)` runs in the transaction that records the event as processed:
 *   local writes through `trx` only. A call to another service there fails at once naming the
 *   consumer, and so does a query through `db` on the embedded database.
 * Without `prepare`, apply receives the event itself. Give a consumer its type
 * (`EventConsumer<Prepared>`, e.g. as a factory's return type) so apply's parameter is typed.
 */
/** Events per consuming transaction unless a consumer says otherwise: one commit for a burst, not one per event. */
export const CONSUMER_BATCH_SIZE = 50;

export interface EventConsumer<P = EventEnvelope> extends ConsumerSteps<P> {
  /** Consumer group; unique per service and purpose. */
  group: string;
  topics: string[];
  /**
   * Up to this many consecutive events are applied in one transaction, with their processed ids
   * (default CONSUMER_BATCH_SIZE); a failing batch is retried event by event.
   */
  batchSize?: number;
}

/**
 * Prepares and applies one event the way the host does, without the host's record of processed
 * ids: for tests that hand a consumer an event directly (a repeat must then change state once).
 */
export async function consumeOnce<P>(db: Knex, consumer: EventConsumer<P>, event: EventEnvelope): Promise<void> {
  if (consumer.eventTypes && !consumer.eventTypes.includes(event.type)) return;
  if (consumer.actionable && (await consumer.actionable([event])).length === 0) return;
  const prepared = consumer.prepare ? await consumer.prepare(event) : (event as unknown as P);
  await db.transaction((trx) => forbidRemoteCalls(`event consumer "${consumer.group}" (apply)`, () => consumer.apply(trx, prepared, event)));
}

/** Due work kept in the service's database (sendAt, receipts, retries...). */
export interface DueJob {
  name: string;
  intervalMs: number;
  /** Does what is due now by the clock; returns how many items it handled. */
  runDue(): Promise<number>;
}

export interface ServiceParts {
  grpc: ServiceBinding[];
  // Any prepared type: apply is a method, so each consumer keeps its own.
  consumers?: EventConsumer<unknown>[];
  jobs?: DueJob[];
  /** Extra listeners (e.g. the simulator's HTTP and SMTP servers). */
  start?(): Promise<void>;
  ready?(): Promise<void>;
  /** What the service runs on without but /readyz names (200, `status: "degraded"`); none when absent. */
  degradations?(): readonly Degradation[] | Promise<readonly Degradation[]>;
  stop?(): Promise<void>;
}

/** A service as a host runs it: the same module runs alone or in the all-in-one process. */
export interface ServiceModule<C = Record<string, never>> {
  name: ServiceName;
  migrations: Migration[];
  create(deps: ServiceDeps<C>): ServiceParts | Promise<ServiceParts>;
}

export const schemaOf = (name: ServiceName) => name.replace(/-/g, '_');
