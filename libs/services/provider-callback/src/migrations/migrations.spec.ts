import { createDatabaseProvider, migrateDown, migrateLatest } from '@mp/db';
import { providerCallbackMigrations } from './index';

describe('provider-callback migrations', () => {
  it('run up, the newest down, and up again', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    const db = databases.forSchema('provider_callback');
    try {
      await migrateLatest(db, 'provider_callback', providerCallbackMigrations);
      expect(await db.schema.hasTable('carrier_events')).toBe(true);
      expect(await db.schema.hasTable('carrier_inbound_messages')).toBe(true);
      await migrateDown(db, 'provider_callback', providerCallbackMigrations);
      expect(await db.schema.hasTable('carrier_inbound_messages')).toBe(false);
      expect(await db.schema.hasTable('provider_events')).toBe(true); // only the newest went down
      await migrateLatest(db, 'provider_callback', providerCallbackMigrations);
      expect(await db.schema.hasTable('carrier_inbound_messages')).toBe(true);
    } finally {
      await databases.close();
    }
  });
});
