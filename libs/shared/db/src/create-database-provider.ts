import type { DatabaseConfig, DatabaseProvider } from './database-provider';
import { PgliteProvider } from './pglite-provider';
import { PostgresProvider } from './postgres-provider';

/** A real PostgreSQL server when `databaseUrl` is set, otherwise embedded PGlite under `dataDir`. */
export function createDatabaseProvider(config: DatabaseConfig): DatabaseProvider {
  const url = config.databaseUrl?.trim();
  if (url) {
    if (!/^postgres(ql)?:\/\//.test(url)) {
      throw new Error('databaseUrl must be a postgres:// or postgresql:// URL');
    }
    return new PostgresProvider(url, config.acquireTimeoutMs, config.poolMax);
  }
  return new PgliteProvider(config.dataDir, config.acquireTimeoutMs);
}
