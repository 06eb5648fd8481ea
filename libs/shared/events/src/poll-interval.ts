import type { DatabaseProvider } from '@mp/db';

/**
 * How often a poller of the database (an outbox relay, an embedded-log
 * subscription) looks for work nobody told it about. Every commit kicks the
 * relay and every publish wakes the subscribers of this process, so polling
 * only finds other processes' rows and expired claims: 250 ms on PostgreSQL,
 * which other processes may share; 5 s on PGlite, whose database no other
 * process opens (a safety net only).
 */
export function pollIntervalFor(db: Pick<DatabaseProvider, 'isPostgres'>): number {
  return db.isPostgres ? 250 : 5_000;
}
