import type { DatabaseProvider } from '@mp/db';

/**
 * How often an outbox relay looks for rows nobody kicked it for. Every commit
 * kicks its own process's relay, so a poll finds only the rows of a process
 * that died before relaying them (their claim has to expire first anyway) and
 * retries a publish that failed: a safety net, 2 s on PostgreSQL, 5 s on PGlite.
 */
export function relayPollIntervalFor(db: Pick<DatabaseProvider, 'isPostgres'>): number {
  return db.isPostgres ? 2_000 : 5_000;
}

/**
 * How often an idle embedded-log subscription looks for events nobody woke it
 * for. A publish wakes the subscribers of its own process at once, and on
 * PostgreSQL those of every other process through NOTIFY while their
 * listening connection is up: then polling only covers a notification lost
 * with that connection (2 s). While it is down, 250 ms, as other processes
 * may share the database. PGlite: 5 s, no other process opens it.
 */
export function subscriptionPollIntervalFor(db: Pick<DatabaseProvider, 'isPostgres'>, notified: boolean): number {
  if (!db.isPostgres) return 5_000;
  return notified ? 2_000 : 250;
}
