import { randomUUID } from 'node:crypto';
import { migrateLatest, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import type { EventEnvelope } from '../event-envelope';
import { eventTablesMigration } from '../event-tables-migration';

let counter = 0;
/** Unique per run: the integration specs reuse one long-lived PostgreSQL database / Kafka cluster. */
export function uniqueName(prefix: string, separator = '_'): string {
  return [prefix, process.pid, Date.now().toString(36), ++counter].join(separator);
}

/** A service schema with the event tables, as a service's migrations would create it. */
export async function serviceSchema(provider: DatabaseProvider, schema: string): Promise<Knex> {
  const db = provider.forSchema(schema);
  await migrateLatest(db, schema, [eventTablesMigration]);
  return db;
}

export function envelope(overrides: Partial<EventEnvelope> = {}): EventEnvelope {
  return {
    id: randomUUID(),
    type: 'TestHappened',
    version: 1,
    topic: 'test.events',
    key: 'k1',
    occurredAt: new Date('2024-05-01T10:00:00Z').toISOString(),
    payload: { n: 0 },
    ...overrides,
  };
}

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs}ms waiting for ${what}`);
    await sleep(10);
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Collects what a logger was asked to log, so specs stay quiet and can assert on it. */
export function recordingLogger(): { error: jest.Mock; warn: jest.Mock } {
  return { error: jest.fn(), warn: jest.fn() };
}
