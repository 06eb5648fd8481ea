import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { assertSchemaName, quoteIdentifier } from '../schema-name';
import { AsyncMutex, type Release } from './async-mutex';
import { loadPglite } from './load-pglite';
import { pgCompatibleParsers, pgCompatibleSerializers } from './pg-compatible-types';

/** What the knex client treats as "a connection": the shared database plus the lock it holds. */
export interface PgliteConnection {
  __knexUid: string;
  readonly db: PGlite;
  readonly shared: SharedPglite;
  readonly release: Release;
}

const CLOSE_GRACE_MS = 5_000;
let connectionIds = 0;

/**
 * One PGlite database (a single Postgres backend) shared by every schema and knex instance of the
 * process. All access goes through `acquire`, which holds a FIFO mutex until `release`, so one
 * service's transaction can never be interleaved with another service's queries.
 */
export class SharedPglite {
  readonly mutex = new AsyncMutex();
  private dbPromise?: Promise<PGlite>;
  private currentSearchPath?: string;
  private readonly createdSchemas = new Set<string>();
  private closing?: Promise<void>;

  constructor(
    /** Absolute PGlite data directory, or undefined for in-memory. */
    readonly pgdataDir: string | undefined,
    /** Resolves when the previous instance on the same directory has finished closing. */
    private readonly previousClose: Promise<void>,
  ) {}

  get isClosing(): boolean {
    return this.closing !== undefined;
  }

  /** `statements` counts what the acquire itself sends (creating the schema, switching search_path). */
  async acquire(schema: string, timeoutMs: number, statements?: { count: number }): Promise<PgliteConnection> {
    assertSchemaName(schema);
    const db = await this.database();
    const release = await this.mutex.acquire(
      timeoutMs,
      () =>
        `Timed out after ${timeoutMs}ms waiting for the embedded database connection (schema "${schema}"). ` +
        'PGlite has a single connection: is code querying outside a transaction while that transaction is open?',
    );
    try {
      await this.useSchema(db, schema, statements);
    } catch (error) {
      release();
      throw error;
    }
    return { __knexUid: `pglite${++connectionIds}`, db, shared: this, release };
  }

  /** Runs `fn` while holding the connection, without touching search_path. */
  async exclusive<T>(timeoutMs: number, fn: (db: PGlite) => Promise<T>): Promise<T> {
    const db = await this.database();
    const release = await this.mutex.acquire(timeoutMs);
    try {
      return await fn(db);
    } finally {
      release();
    }
  }

  /** Called when a statement may have changed search_path behind our back. */
  forgetSearchPath(): void {
    this.currentSearchPath = undefined;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (!this.dbPromise) return;
      const db = await this.dbPromise.catch(() => undefined);
      if (!db) return;
      // Let the statement or transaction in flight finish, but do not hang shutdown on a stuck one.
      const release = await this.mutex.acquire(CLOSE_GRACE_MS).catch(() => undefined);
      this.mutex.close(new Error('The embedded database is closed'));
      try {
        await db.close();
      } finally {
        release?.();
      }
    })();
    return this.closing;
  }

  private database(): Promise<PGlite> {
    if (this.closing) return Promise.reject(new Error('The embedded database is closed'));
    this.dbPromise ??= (async () => {
      // Two PGlite instances on one directory would corrupt it, so a reopen waits for the old close.
      await this.previousClose;
      if (this.pgdataDir) mkdirSync(this.pgdataDir, { recursive: true });
      // Options object form: `new PGlite(undefined, options)` silently ignores the options.
      const pglite = loadPglite();
      const db = new pglite.PGlite({
        dataDir: this.pgdataDir,
        // In memory, start from a copy of an empty cluster instead of running initdb again.
        loadDataDir: this.pgdataDir ? undefined : await emptyClusterImage(pglite),
        parsers: pgCompatibleParsers,
        serializers: pgCompatibleSerializers,
      });
      await db.waitReady;
      return db;
    })();
    return this.dbPromise;
  }

  private async useSchema(db: PGlite, schema: string, statements?: { count: number }): Promise<void> {
    if (!this.createdSchemas.has(schema)) {
      if (statements) statements.count++;
      await db.query(`create schema if not exists ${quoteIdentifier(schema)}`);
      this.createdSchemas.add(schema);
    }
    if (this.currentSearchPath !== schema) {
      this.currentSearchPath = undefined; // unknown until the SET succeeds
      if (statements) statements.count++;
      await db.query(`set search_path to ${quoteIdentifier(schema)}`);
      this.currentSearchPath = schema;
    }
  }
}

const EMPTY_CLUSTER = Symbol.for('mp.db.pglite.emptyClusterImage');
let imageInFlight: Promise<File | Blob> | undefined;

/**
 * The data directory of a freshly initialised cluster, made once per process:
 * an in-memory database restored from it is ready in about half the time of
 * one that runs initdb (tests open many). Kept on the PGlite module object,
 * which Node loads once per process even where Jest re-runs this module per
 * test file (load-pglite.ts). Only the image itself is kept there: a promise
 * made here would belong to this module instance and keep it (under Jest, a
 * whole test file's sandbox) alive for the life of the process.
 */
function emptyClusterImage(pglite: ReturnType<typeof loadPglite>): Promise<File | Blob> {
  const holder = pglite as unknown as Record<symbol, File | Blob | undefined>;
  const made = holder[EMPTY_CLUSTER];
  if (made) return Promise.resolve(made);
  imageInFlight ??= (async () => {
    const template = new pglite.PGlite();
    try {
      await template.waitReady;
      const image = await template.dumpDataDir('none');
      holder[EMPTY_CLUSTER] = image;
      return image;
    } finally {
      imageInFlight = undefined;
      await template.close();
    }
  })();
  return imageInFlight;
}

interface Registration {
  shared: SharedPglite;
  refs: number;
}

// Keyed by absolute data directory: providers opened on the same directory share one instance.
const registry = new Map<string, Registration>();
const closingByDir = new Map<string, Promise<void>>();

export function openSharedPglite(dataDir: string): SharedPglite {
  if (dataDir === ':memory:') return new SharedPglite(undefined, Promise.resolve());
  const pgdataDir = resolve(dataDir, 'pgdata');
  const existing = registry.get(pgdataDir);
  if (existing && !existing.shared.isClosing) {
    existing.refs++;
    return existing.shared;
  }
  const shared = new SharedPglite(pgdataDir, closingByDir.get(pgdataDir) ?? Promise.resolve());
  registry.set(pgdataDir, { shared, refs: 1 });
  return shared;
}

export async function releaseSharedPglite(shared: SharedPglite): Promise<void> {
  const key = shared.pgdataDir;
  const registration = key ? registry.get(key) : undefined;
  if (key && registration?.shared === shared) {
    if (--registration.refs > 0) return;
    registry.delete(key);
    const closing = shared.close();
    const settled = closing.catch(() => undefined);
    closingByDir.set(key, settled);
    try {
      await closing;
    } finally {
      if (closingByDir.get(key) === settled) closingByDir.delete(key);
    }
    return;
  }
  await shared.close();
}
