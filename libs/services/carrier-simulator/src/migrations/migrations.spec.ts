import { createDatabaseProvider, migrateDown, migrateLatest } from '@mp/db';
import { carrierSimulatorMigrations } from './index';

describe('carrier-simulator migrations', () => {
  it('run up, the newest down, and up again', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    const db = databases.forSchema('carrier_simulator');
    try {
      await migrateLatest(db, 'carrier_simulator', carrierSimulatorMigrations);
      expect(await db.schema.hasTable('carrier_receipts')).toBe(true);
      expect(await db.schema.hasTable('inbound_callbacks')).toBe(true);
      expect(await db.schema.hasColumn('carrier_receipts', 'traceparent')).toBe(true);
      expect(await db.schema.hasTable('smsc_receipts')).toBe(true);
      expect(await db.schema.hasColumn('carrier_submissions', 'smpp_pdu')).toBe(true);
      await migrateDown(db, 'carrier_simulator', carrierSimulatorMigrations);
      expect(await db.schema.hasTable('smsc_receipts')).toBe(false);
      expect(await db.schema.hasColumn('carrier_submissions', 'smpp_pdu')).toBe(false);
      expect(await db.schema.hasColumn('carrier_receipts', 'traceparent')).toBe(true); // only the newest went down
      await migrateLatest(db, 'carrier_simulator', carrierSimulatorMigrations);
      expect(await db.schema.hasTable('smsc_receipts')).toBe(true);
      expect(await db.schema.hasTable('inbound_callbacks')).toBe(true);
      expect(await db.schema.hasTable('mailbox_messages')).toBe(true);
    } finally {
      await databases.close();
    }
  });
});
