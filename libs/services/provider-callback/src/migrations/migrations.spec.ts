import { createDatabaseProvider, migrateDown, migrateLatest } from '@mp/db';
import { providerCallbackMigrations } from './index';

describe('provider-callback migrations', () => {
  it('run the newest one down, up and down again', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    const db = databases.forSchema('provider_callback');
    try {
      await migrateLatest(db, 'provider_callback', providerCallbackMigrations);
      expect(await db.schema.hasTable('carrier_events')).toBe(true);
      await migrateDown(db, 'provider_callback', providerCallbackMigrations);
      expect(await db.schema.hasTable('carrier_events')).toBe(false);
      await migrateLatest(db, 'provider_callback', providerCallbackMigrations);
      expect(await db.schema.hasTable('provider_events')).toBe(true);
      await migrateDown(db, 'provider_callback', providerCallbackMigrations);
      expect(await db.schema.hasTable('provider_events')).toBe(false);
    } finally {
      await databases.close();
    }
  });
});
