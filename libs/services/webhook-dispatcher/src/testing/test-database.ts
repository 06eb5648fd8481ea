import { createDatabaseProvider, migrateLatest, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { webhookDispatcherMigrations } from '../migrations';

export const TEST_SCHEMA = 'webhook_dispatcher';

/** An in-memory embedded database with the webhook-dispatcher schema migrated. */
export async function openTestDatabase(): Promise<{ provider: DatabaseProvider; db: Knex }> {
  const provider = createDatabaseProvider({ dataDir: ':memory:' });
  const db = provider.forSchema(TEST_SCHEMA);
  await migrateLatest(db, TEST_SCHEMA, webhookDispatcherMigrations);
  return { provider, db };
}
