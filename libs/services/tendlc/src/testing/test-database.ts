import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { tenDlcMigrations } from '../migrations';

export const TEST_SCHEMA = 'tendlc';

/** An in-memory embedded database with the tendlc schema migrated. */
export async function openTestDatabase(): Promise<{ provider: DatabaseProvider; db: Knex }> {
  const provider = createDatabaseProvider({ dataDir: ':memory:' });
  const db = provider.forSchema(TEST_SCHEMA);
  await migrateLatest(db, TEST_SCHEMA, tenDlcMigrations);
  return { provider, db };
}
