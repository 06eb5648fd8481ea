import type { Knex } from 'knex';
import type { Listening, NotificationHandlers } from './notification-listener';

export interface DatabaseConfig {
  /** postgres://… — when set, every schema gets a pooled `pg` knex; otherwise embedded PGlite is used. */
  databaseUrl?: string;
  /** Where embedded PGlite keeps its files (`<dataDir>/pgdata`); ':memory:' keeps nothing (tests). */
  dataDir: string;
  /**
   * How long a query may wait for a connection before failing (default 60s). On PGlite there is a
   * single connection, so this is what turns an accidental deadlock (querying outside a transaction
   * while holding it) into an error instead of a hang.
   */
  acquireTimeoutMs?: number;
  /**
   * PostgreSQL connections per schema (default DEFAULT_POOL_MAX). Every service
   * has its own schema, so a whole platform holds up to ten times this.
   */
  poolMax?: number;
}

export interface DatabaseProvider {
  /** A knex instance whose queries run with search_path = that schema (created if missing). */
  forSchema(schema: string): Knex;
  /** true when backed by a real PostgreSQL server */
  readonly isPostgres: boolean;
  /** Round-trips a trivial query; for /readyz. */
  ping(): Promise<void>;
  /**
   * Statements sent to the database so far: every query of every knex handed out (BEGIN and
   * COMMIT included) and of ping(), plus what connections run before a query (search_path, the
   * version check, creating the schema). Counted, not estimated; for benchmarks.
   */
  statementCount(): number;
  /**
   * PostgreSQL only (absent on PGlite, which no other process opens): LISTEN
   * on `channel` over a connection of its own, reconnecting until stopped or
   * closed. Resolves once the first attempt settled; `active` tells whether
   * notifications are arriving.
   */
  listen?(channel: string, handlers: NotificationHandlers): Promise<Listening>;
  /** Destroys every knex instance handed out and, for PGlite, closes the database. Idempotent. */
  close(): Promise<void>;
}

export const DEFAULT_ACQUIRE_TIMEOUT_MS = 60_000;

/** Small enough that ten services (plus their /readyz connections) stay well under max_connections=100. */
export const DEFAULT_POOL_MAX = 5;
