import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { repliesMigrations } from '../migrations';

export const TEST_SCHEMA = 'replies';

/** An in-memory embedded database with the replies schema migrated. */
export async function openTestDatabase(): Promise<{ provider: DatabaseProvider; db: Knex }> {
  const provider = createDatabaseProvider({ dataDir: ':memory:' });
  const db = provider.forSchema(TEST_SCHEMA);
  await migrateLatest(db, TEST_SCHEMA, repliesMigrations);
  return { provider, db };
}
