import knex, { type Knex } from 'knex';
import { DEFAULT_ACQUIRE_TIMEOUT_MS, type DatabaseProvider } from './database-provider';
import { PgliteKnexClient, type PgliteKnexConfig } from './pglite/pglite-knex-client';
import { openSharedPglite, releaseSharedPglite, type SharedPglite } from './pglite/shared-pglite';
import { assertSchemaName } from './schema-name';
import { StatementCounter } from './statement-counter';

/** Embedded PostgreSQL: every schema's knex runs on the one PGlite instance of the data directory. */
export class PgliteProvider implements DatabaseProvider {
  readonly isPostgres = false;
  private readonly shared: SharedPglite;
  private readonly bySchema = new Map<string, Knex>();
  private readonly statements = new StatementCounter();
  private closing?: Promise<void>;

  constructor(
    dataDir: string,
    private readonly acquireTimeoutMs = DEFAULT_ACQUIRE_TIMEOUT_MS,
  ) {
    this.shared = openSharedPglite(dataDir);
  }

  forSchema(schema: string): Knex {
    assertSchemaName(schema);
    if (this.closing) throw new Error('DatabaseProvider is closed');
    let db = this.bySchema.get(schema);
    if (!db) {
      const config: PgliteKnexConfig = {
        pglite: this.shared,
        searchPath: [schema],
        acquireConnectionTimeout: this.acquireTimeoutMs,
        statements: this.statements,
      };
      db = this.statements.watch(knex({ ...config, client: PgliteKnexClient } as unknown as Knex.Config));
      this.bySchema.set(schema, db);
    }
    return db;
  }

  async ping(): Promise<void> {
    if (this.closing) throw new Error('DatabaseProvider is closed');
    await this.shared.exclusive(this.acquireTimeoutMs, (db) => {
      this.statements.count++;
      return db.query('select 1');
    });
  }

  statementCount(): number {
    return this.statements.count;
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const all = [...this.bySchema.values()];
      this.bySchema.clear();
      await Promise.all(all.map((db) => db.destroy()));
      await releaseSharedPglite(this.shared);
    })();
    return this.closing;
  }
}
