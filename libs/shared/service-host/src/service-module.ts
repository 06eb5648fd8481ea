import type { Clock } from '@mp/clock';
import type { Migration } from '@mp/db';
import type { EventEnvelope, OutboxEvent } from '@mp/events';
import type { ServiceBinding } from '@mp/grpc';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { ServiceClients } from './service-clients';
import type { ServiceName } from './host-config';

/** Writes events in the caller's transaction; the relay publishes them after commit. */
export interface OutboxWriter {
  enqueue(trx: Knex.Transaction, event: Omit<OutboxEvent, 'traceparent'>): Promise<EventEnvelope>;
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
}

export interface EventConsumer {
  /** Consumer group; unique per service and purpose. */
  group: string;
  topics: string[];
  /** Runs in the transaction that also records the event as processed. */
  handle(event: EventEnvelope, trx: Knex.Transaction): Promise<void>;
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
  consumers?: EventConsumer[];
  jobs?: DueJob[];
  /** Extra listeners (e.g. the simulator's HTTP and SMTP servers). */
  start?(): Promise<void>;
  ready?(): Promise<void>;
  stop?(): Promise<void>;
}

/** A service as a host runs it: the same module runs alone or in the all-in-one process. */
export interface ServiceModule<C = Record<string, never>> {
  name: ServiceName;
  migrations: Migration[];
  create(deps: ServiceDeps<C>): ServiceParts | Promise<ServiceParts>;
}

export const schemaOf = (name: ServiceName) => name.replace(/-/g, '_');
