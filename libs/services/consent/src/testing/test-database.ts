import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { consentMigrations } from '../migrations';

export const TEST_SCHEMA = 'consent';

/** An in-memory embedded database with the consent schema migrated. */
export async function openTestDatabase(): Promise<{ provider: DatabaseProvider; db: Knex }> {
  const provider = createDatabaseProvider({ dataDir: ':memory:' });
  const db = provider.forSchema(TEST_SCHEMA);
  await migrateLatest(db, TEST_SCHEMA, consentMigrations);
  return { provider, db };
}
