import type { Results } from '@electric-sql/pglite';
import { forbidRemoteCalls } from '@mp/grpc';
import { DEFAULT_ACQUIRE_TIMEOUT_MS } from '../database-provider';
import { assertConnectionNotHeld, whileConnectionHeld } from './held-connection';
import type { PgliteConnection, SharedPglite } from './shared-pglite';

// knex ships no types for its dialect classes; we only override the connection/driver seams and
// inherit all SQL generation (returning, onConflict, jsonb, FOR UPDATE SKIP LOCKED…) from Postgres.
interface KnexPostgresClient {
  config: Record<string, unknown>;
  acquireConnection(): Promise<unknown>;
  releaseConnection(connection: unknown): Promise<void>;
  destroy(callback?: (error?: unknown) => void): Promise<void>;
  _query(connection: unknown, obj: unknown): Promise<unknown>;
  _stream(...args: unknown[]): unknown;
  transaction(container: unknown, config: unknown, outerTx: unknown): unknown;
}
// eslint-disable-next-line @typescript-eslint/no-require-imports
const PostgresClient: new (config: Record<string, unknown>) => KnexPostgresClient = require('knex/lib/dialects/postgres');

/** knex config keys this client reads (knex copies `config` onto transaction clients too). */
export interface PgliteKnexConfig {
  pglite: SharedPglite;
  searchPath: [string];
  acquireConnectionTimeout?: number;
  /** Counts the statements acquiring a connection sends (search_path); knex's own are counted from its 'query' events. */
  statements?: { count: number };
}

interface QueryObject {
  sql: string;
  bindings?: unknown[];
  method?: string;
  options?: { rowMode?: 'array' | 'object' };
  response?: unknown;
}

/** The subset of node-postgres' `Result` that knex's Postgres dialect reads. */
interface PgLikeResult {
  command: string;
  rowCount: number;
  rows: unknown[];
  fields: Results['fields'];
}

const MULTIPLE_COMMANDS = '42601';

/**
 * knex Postgres dialect running on a shared PGlite instance. There is no pool: acquiring a
 * "connection" takes the process-wide mutex of the PGlite instance and points search_path at this
 * knex's schema; releasing it frees the mutex. A knex transaction keeps its connection from BEGIN to
 * COMMIT/ROLLBACK, so nothing from another knex instance can run inside it.
 */
export class PgliteKnexClient extends PostgresClient {
  private destroyed = false;

  constructor(config: Record<string, unknown>) {
    // No `connection` key: knex then neither loads the `pg` driver nor builds a tarn pool.
    super({ ...config, version: '17' });
  }

  override async acquireConnection(): Promise<PgliteConnection> {
    if (this.destroyed) throw new Error('Unable to acquire a connection: this knex instance was destroyed');
    const config = this.config as unknown as PgliteKnexConfig;
    assertConnectionNotHeld(config.pglite, config.searchPath[0]);
    return config.pglite.acquire(config.searchPath[0], config.acquireConnectionTimeout ?? DEFAULT_ACQUIRE_TIMEOUT_MS, config.statements);
  }

  /**
   * Marks the transaction body: a query that bypasses the transaction, or a call to another service
   * (which would wait for this same connection to answer), fails at once instead of hanging.
   */
  override transaction(container: unknown, config: unknown, outerTx: unknown): unknown {
    if (typeof container !== 'function') return super.transaction(container, config, outerTx);
    const { pglite, searchPath } = this.config as unknown as PgliteKnexConfig;
    const body = container as (trx: unknown) => Promise<unknown>;
    const owner = `a transaction on the embedded database (schema "${searchPath[0]}")`;
    return super.transaction((trx: unknown) => whileConnectionHeld(pglite, () => forbidRemoteCalls(owner, async () => body(trx))), config, outerTx);
  }

  override releaseConnection(connection: PgliteConnection): Promise<void> {
    connection.release();
    return Promise.resolve();
  }

  /** The PGlite instance is owned by the DatabaseProvider, so destroying a knex only stops new queries. */
  override async destroy(callback?: (error?: unknown) => void): Promise<void> {
    this.destroyed = true;
    callback?.();
  }

  override async _query(connection: PgliteConnection, obj: QueryObject): Promise<QueryObject> {
    if (!obj.sql) throw new Error('The query is empty');
    const asArrays = obj.options?.rowMode === 'array';
    const bindings = obj.bindings ?? [];
    try {
      const result = await connection.db.query<unknown[]>(obj.sql, bindings, { rowMode: 'array' });
      obj.response = toPgResult(result, commandOf(obj), asArrays);
    } catch (error) {
      // Like node-postgres, allow several statements in one parameterless string (e.g. migrations);
      // the extended protocol used by query() rejects them before executing anything.
      if (bindings.length > 0 || (error as { code?: string }).code !== MULTIPLE_COMMANDS) throw localError(error);
      const results = await connection.db.exec(obj.sql, { rowMode: 'array' }).catch((e: unknown) => {
        throw localError(e);
      });
      obj.response = results.map((r, i) =>
        toPgResult(r as Results<unknown[]>, i === results.length - 1 ? commandOf(obj) : '', asArrays),
      );
    } finally {
      if (/search_path/i.test(obj.sql)) connection.shared.forgetSearchPath();
    }
    return obj;
  }

  override _stream(): never {
    throw new Error('Streaming queries are not supported on the embedded database');
  }
}

Object.assign(PgliteKnexClient.prototype, { canCancelQuery: false, driverName: 'pglite' });

/** knex decides how to shape results from `command` (SELECT → rows, UPDATE/DELETE → count…). */
function commandOf(obj: QueryObject): string {
  switch (obj.method) {
    case 'select':
    case 'first':
    case 'pluck':
      return 'SELECT';
    case 'insert':
      return 'INSERT';
    case 'update':
    case 'counter':
      return 'UPDATE';
    case 'del':
      return 'DELETE';
  }
  const keyword = /^\s*(?:(?:--[^\n]*\n|\/\*[\s\S]*?\*\/)\s*)*([a-z]+)/i.exec(obj.sql);
  return keyword ? keyword[1].toUpperCase() : '';
}

/**
 * Rows are rebuilt as plain objects of this realm (PGlite may live in another one under Jest, see
 * load-pglite.ts), so `toStrictEqual` and `instanceof` behave as with node-postgres.
 */
function toPgResult(result: Results<unknown[]>, command: string, asArrays: boolean): PgLikeResult {
  const names = result.fields.map((f) => f.name);
  const rows = result.rows.map((values) => {
    if (asArrays) return Array.from(values);
    const row: Record<string, unknown> = {};
    names.forEach((name, i) => (row[name] = values[i]));
    return row;
  });
  return {
    command,
    rowCount: command === 'SELECT' ? rows.length : (result.affectedRows ?? rows.length),
    rows,
    fields: result.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })),
  };
}

/** Database errors keep their Postgres fields (code, constraint, detail…) but become this realm's Error. */
function localError(error: unknown): unknown {
  if (error instanceof Error || typeof error !== 'object' || error === null) return error;
  const source = error as Error & Record<string, unknown>;
  const copy = new Error(source.message) as Error & Record<string, unknown>;
  for (const key of Object.keys(source)) copy[key] = source[key];
  copy.name = source.name;
  copy.stack = source.stack;
  return copy;
}
