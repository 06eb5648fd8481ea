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
      const nullable = async () =>
        (await db('information_schema.columns').where({ table_name: 'carrier_events', column_name: 'message_id' }).first('is_nullable')).is_nullable;
      expect(await nullable()).toBe('YES');
      await migrateDown(db, 'provider_callback', providerCallbackMigrations);
      expect(await nullable()).toBe('NO'); // only the newest went down
      expect(await db.schema.hasTable('carrier_inbound_messages')).toBe(true);
      await migrateLatest(db, 'provider_callback', providerCallbackMigrations);
      expect(await nullable()).toBe('YES');
    } finally {
      await databases.close();
    }
  });
});
