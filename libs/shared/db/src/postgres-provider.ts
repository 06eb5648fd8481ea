import knex, { type Knex } from 'knex';
import { DEFAULT_ACQUIRE_TIMEOUT_MS, DEFAULT_POOL_MAX, type DatabaseProvider } from './database-provider';
import { failWaitingQueriesWhenUnavailable, pgConnection, quietKnexLog } from './pg-connection';
import { listenForNotifications, type Listening, type NotificationHandlers } from './notification-listener';
import { assertSchemaName, isAlreadyExistsError, quoteIdentifier } from './schema-name';
import { StatementCounter } from './statement-counter';

interface RawPgConnection {
  query(sql: string, callback: (error: Error | null) => void): void;
}

/** One pooled `pg` knex per schema; each connection gets `search_path = <schema>` from knex itself. */
export class PostgresProvider implements DatabaseProvider {
  readonly isPostgres = true;
  private readonly bySchema = new Map<string, Knex>();
  private readonly statements = new StatementCounter();
  private readonly listeners = new Set<Listening>();
  private admin?: Knex;
  private closing?: Promise<void>;

  constructor(
    private readonly databaseUrl: string,
    private readonly acquireTimeoutMs = DEFAULT_ACQUIRE_TIMEOUT_MS,
    readonly poolMax = DEFAULT_POOL_MAX,
  ) {}

  forSchema(schema: string): Knex {
    assertSchemaName(schema);
    if (this.closing) throw new Error('DatabaseProvider is closed');
    let db = this.bySchema.get(schema);
    if (!db) {
      db = this.createKnex(schema);
      this.bySchema.set(schema, db);
    }
    return db;
  }

  async ping(): Promise<void> {
    if (this.closing) throw new Error('DatabaseProvider is closed');
    // A schema-less instance so /readyz does not create or depend on any service schema.
    this.admin ??= this.statements.watch(
      failWaitingQueriesWhenUnavailable(knex({
        client: 'pg',
        connection: pgConnection(this.databaseUrl),
        log: quietKnexLog,
        pool: { min: 0, max: 1 },
        acquireConnectionTimeout: this.acquireTimeoutMs,
      })),
    );
    await this.admin.raw('select 1');
  }

  statementCount(): number {
    return this.statements.count;
  }

  async listen(channel: string, handlers: NotificationHandlers): Promise<Listening> {
    if (this.closing) throw new Error('DatabaseProvider is closed');
    const listening = await listenForNotifications(this.databaseUrl, channel, handlers, () => this.statements.count++);
    this.listeners.add(listening);
    const listeners = this.listeners;
    return {
      get active() {
        return listening.active;
      },
      async stop() {
        listeners.delete(listening);
        await listening.stop();
      },
    };
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const all = [...this.bySchema.values(), ...(this.admin ? [this.admin] : [])];
      this.bySchema.clear();
      const listeners = [...this.listeners];
      this.listeners.clear();
      await Promise.all([...all.map((db) => db.destroy()), ...listeners.map((listening) => listening.stop())]);
    })();
    return this.closing;
  }

  private createKnex(schema: string): Knex {
    // The schema is created by the first connection of the pool; the other connections wait for it
    // rather than all issuing CREATE SCHEMA at once (which races inside Postgres' catalog).
    let created: Promise<void> | undefined;
    const ensureSchema = (connection: RawPgConnection): Promise<void> => {
      created ??= new Promise<void>((resolve, reject) => {
        this.statements.count++;
        connection.query(`create schema if not exists ${quoteIdentifier(schema)}`, (error) =>
          !error || isAlreadyExistsError(error) ? resolve() : reject(error),
        );
      }).catch((error: unknown) => {
        created = undefined; // let the next connection retry
        throw error;
      });
      return created;
    };

    const db = knex({
      client: 'pg',
      connection: pgConnection(this.databaseUrl),
      log: quietKnexLog,
      searchPath: [schema],
      acquireConnectionTimeout: this.acquireTimeoutMs,
      pool: {
        min: 0,
        max: this.poolMax,
        afterCreate: (connection: RawPgConnection, done: (error: Error | null, c: unknown) => void) => {
          ensureSchema(connection).then(
            () => done(null, connection),
            (error: Error) => done(error, connection),
          );
        },
      },
    });
    return this.statements.watch(failWaitingQueriesWhenUnavailable(db));
  }
}
