import { isDatabaseUnavailable } from '@mp/problems';
import type { Knex } from 'knex';

/** A connection attempt that gets no answer (a host gone, a dropped packet) fails after this, well inside a request's deadline. */
export const CONNECT_TIMEOUT_MS = 5_000;
/** An idle connection whose server went away without a word is noticed by TCP keepalive probes starting after this. */
const KEEPALIVE_DELAY_MS = 10_000;

/** What both knex and a pg Client take (their own config types disagree on unrelated members). */
export interface PgConnection {
  connectionString: string;
  connectionTimeoutMillis: number;
  keepAlive: boolean;
  keepAliveInitialDelayMillis: number;
}

/**
 * How every connection of the platform is opened: a refused or unanswered
 * connect fails fast (node-postgres waits forever by default), and keepalive
 * finds a peer that vanished, so a request meets "unavailable" instead of a
 * hang while PostgreSQL is away.
 */
export function pgConnection(databaseUrl: string): PgConnection {
  return {
    connectionString: databaseUrl,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
}

/**
 * knex prints a line of its own (with a stack) for every connection that fails to open or dies in
 * the pool: during an outage, one per query. The query's caller gets that error and reports it,
 * so those two warnings are dropped here; anything else knex says still reaches stderr.
 */
export const quietKnexLog: Knex.Config['log'] = {
  warn(message: string) {
    if (/^(Acquire connection error|Connection Error): /.test(String(message))) return;
    console.warn(message);
  },
};

interface TarnPool {
  on(event: 'createFail', listener: (eventId: number, error: unknown) => void): void;
  pendingAcquires: Array<{ reject(error: unknown): void }>;
}

/**
 * The pool (tarn) answers a failed connect by failing one waiting query and trying again 200 ms
 * later: with dozens of queries waiting while PostgreSQL is away, the last one waited seconds. A
 * connect that fails because the database is unavailable fails every query waiting for a
 * connection at once instead; the next query tries to connect again.
 */
export function failWaitingQueriesWhenUnavailable(db: Knex): Knex {
  const pool = (db.client as { pool?: TarnPool }).pool;
  pool?.on('createFail', (_eventId, error) => {
    if (!isDatabaseUnavailable(error)) return;
    for (const waiting of [...pool.pendingAcquires]) waiting.reject(error);
  });
  return db;
}
