import type { Knex } from 'knex';
import { PgliteKnexClient } from './pglite/pglite-knex-client';
import { assertSchemaName, quoteIdentifier } from './schema-name';

export interface Migration {
  /** `<yyyymmddhhmmss>_<what>`, as recorded in the schema's knex_migrations. */
  name: string;
  /** The name it was recorded under before it was renamed: databases migrated then keep their history. */
  formerName?: string;
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

const TABLE_NAME = 'knex_migrations';
const LOCK_TABLE_NAME = `${TABLE_NAME}_lock`;
const LOCK_RETRY_LIMIT_MS = 60_000;

/**
 * Creates the schema if missing and runs knex migrations (migration table kept inside that schema).
 * `knex` must be the instance for `schema` (DatabaseProvider.forSchema), because migrations create
 * their objects unqualified, i.e. in the search_path.
 */
export function migrateLatest(knex: Knex, schema: string, migrations: Migration[]): Promise<void> {
  return runMigrator(knex, schema, migrations, (config) => knex.migrate.latest(config));
}

/** Reverts the most recently applied migration only (for migration tests). */
export function migrateDown(knex: Knex, schema: string, migrations: Migration[]): Promise<void> {
  return runMigrator(knex, schema, migrations, (config) => knex.migrate.down(config));
}

/** Runs the migrations in array order; no files are loaded. */
class ArrayMigrationSource implements Knex.MigrationSource<Migration> {
  constructor(private readonly migrations: Migration[]) {}
  async getMigrations(): Promise<Migration[]> {
    return this.migrations;
  }
  getMigrationName(migration: Migration): string {
    return migration.name;
  }
  async getMigration(migration: Migration): Promise<Knex.Migration> {
    return { up: (knex) => migration.up(knex), down: (knex) => migration.down(knex) };
  }
}

// Migrations of one schema on one database run one at a time within the process; other processes
// are kept out by knex's lock row (waited for below).
const inProcessQueues = new Map<unknown, Promise<unknown>>();

async function runMigrator(
  knex: Knex,
  schema: string,
  migrations: Migration[],
  run: (config: Knex.MigratorConfig) => Promise<unknown>,
): Promise<void> {
  assertSchemaName(schema);
  assertUniqueNames(migrations);
  const config: Knex.MigratorConfig = {
    migrationSource: new ArrayMigrationSource(migrations),
    schemaName: schema,
    tableName: TABLE_NAME,
  };
  const queueKey = `${databaseIdentity(knex)}\u0000${schema}`;
  const previous = inProcessQueues.get(queueKey) ?? Promise.resolve();
  const current = previous.catch(() => undefined).then(async () => {
    await prepareMigrationTables(knex, schema, migrations);
    await retryWhileLocked(() => run(config));
  });
  inProcessQueues.set(queueKey, current);
  try {
    await current;
  } finally {
    if (inProcessQueues.get(queueKey) === current) inProcessQueues.delete(queueKey);
  }
}

const MIGRATION_NAME = /^\d{14}_[a-z0-9_]+$/;

function assertUniqueNames(migrations: Migration[]): void {
  const seen = new Set<string>();
  for (const { name } of migrations) {
    if (seen.has(name)) throw new Error(`Duplicate migration name "${name}"`);
    if (!MIGRATION_NAME.test(name)) throw new Error(`Migration name "${name}" is not <yyyymmddhhmmss>_<what>`);
    seen.add(name);
  }
}

function isPglite(knex: Knex): boolean {
  return knex.client instanceof PgliteKnexClient;
}

/** Same value for every knex that reaches the same physical database. */
function databaseIdentity(knex: Knex): unknown {
  const config = knex.client.config as { pglite?: unknown; connection?: unknown };
  return config.pglite ?? JSON.stringify(config.connection ?? null);
}

/**
 * Creates knex's migration tables ourselves, under a transaction-scoped advisory lock: knex's own
 * check-then-create is racy between processes (two lock rows make every later migration fail with
 * "Migration table is already locked").
 */
async function prepareMigrationTables(knex: Knex, schema: string, migrations: Migration[]): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw('select pg_advisory_xact_lock(hashtext(?))', [`${schema}.${TABLE_NAME}`]);
    await trx.raw(`create schema if not exists ${quoteIdentifier(schema)}`);
    const current = await trx.raw<{ rows: Array<{ schema: string | null }> }>('select current_schema() as schema');
    if (current.rows[0]?.schema !== schema) {
      throw new Error(`migrate(${schema}) needs the knex instance of schema "${schema}" (got "${current.rows[0]?.schema}")`);
    }
    const schemaBuilder = () => trx.schema.withSchema(schema);
    if (!(await schemaBuilder().hasTable(TABLE_NAME))) {
      await schemaBuilder().createTable(TABLE_NAME, (t) => {
        t.increments();
        t.string('name');
        t.integer('batch');
        t.timestamp('migration_time');
      });
    }
    if (!(await schemaBuilder().hasTable(LOCK_TABLE_NAME))) {
      await schemaBuilder().createTable(LOCK_TABLE_NAME, (t) => {
        t.increments('index').primary();
        t.integer('is_locked');
      });
    }
    for (const { name, formerName } of migrations) {
      if (formerName) await trx.withSchema(schema).table(TABLE_NAME).where({ name: formerName }).update({ name });
    }
    const lockTable = trx.withSchema(schema).table(LOCK_TABLE_NAME);
    const rows = await lockTable.clone().select('index');
    if (rows.length === 0) await lockTable.clone().insert({ is_locked: 0 });
    if (isPglite(knex)) {
      // The embedded database belongs to this process alone and its migrations are serialised
      // above, so a held lock can only be left over from a crash; clear it instead of failing forever.
      await lockTable.clone().update({ is_locked: 0 });
    }
  });
}

/** knex fails immediately when another process holds the migration lock; wait for it instead. */
async function retryWhileLocked<T>(run: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_RETRY_LIMIT_MS;
  for (let delay = 100; ; delay = Math.min(delay * 2, 1_000)) {
    try {
      return await run();
    } catch (error) {
      const locked = error instanceof Error && error.name === 'MigrationLocked';
      if (!locked || Date.now() + delay > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
