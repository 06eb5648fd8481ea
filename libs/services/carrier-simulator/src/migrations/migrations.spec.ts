import { createDatabaseProvider, migrateDown, migrateLatest } from '@mp/db';
import { carrierSimulatorMigrations } from './index';

describe('carrier-simulator migrations', () => {
  it('run the newest one down, up and down again', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    const db = databases.forSchema('carrier_simulator');
    try {
      await migrateLatest(db, 'carrier_simulator', carrierSimulatorMigrations);
      expect(await db.schema.hasTable('carrier_receipts')).toBe(true);
      await migrateDown(db, 'carrier_simulator', carrierSimulatorMigrations);
      expect(await db.schema.hasTable('carrier_receipts')).toBe(false);
      await migrateLatest(db, 'carrier_simulator', carrierSimulatorMigrations);
      expect(await db.schema.hasTable('mailbox_messages')).toBe(true);
      await migrateDown(db, 'carrier_simulator', carrierSimulatorMigrations);
      expect(await db.schema.hasTable('mailbox_messages')).toBe(false);
    } finally {
      await databases.close();
    }
  });
});
