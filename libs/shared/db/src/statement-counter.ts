import type { Knex } from 'knex';

/**
 * How many statements a DatabaseProvider sent to its database: every query of
 * every knex it handed out (BEGIN, COMMIT, ROLLBACK and savepoints included,
 * each a statement of its own), plus what its connections run before a query
 * (search_path, the version check, creating the schema). Counted as they are
 * sent, for benchmarks (statements per message).
 */
export class StatementCounter {
  count = 0;

  /** Counts `db`'s statements from now on. */
  watch(db: Knex): Knex {
    // knex emits 'query' once per statement it sends, transaction queries included
    // (a transaction's client forwards its events to the knex it came from).
    db.on('query', () => this.count++);
    // knex's pg client runs these on a new pool connection straight on the driver, outside 'query'.
    const client = db.client as ConnectionSetup;
    const checkVersion = client.checkVersion;
    if (typeof checkVersion === 'function') {
      client.checkVersion = (...args) => {
        this.count++;
        return checkVersion.apply(client, args);
      };
    }
    const setSchemaSearchPath = client.setSchemaSearchPath;
    if (typeof setSchemaSearchPath === 'function') {
      client.setSchemaSearchPath = (connection, searchPath) => {
        if (searchPath || client.searchPath) this.count++; // without a path knex sends nothing
        return setSchemaSearchPath.call(client, connection, searchPath);
      };
    }
    return db;
  }
}

/** The parts of knex's Postgres client that talk to a fresh connection directly. */
interface ConnectionSetup {
  searchPath?: unknown;
  checkVersion?: (...args: unknown[]) => Promise<unknown>;
  setSchemaSearchPath?: (connection: unknown, searchPath?: unknown) => Promise<unknown>;
}
