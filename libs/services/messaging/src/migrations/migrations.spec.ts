import { createDatabaseProvider, migrateDown, migrateLatest } from '@mp/db';
import { messagingMigrations } from './index';

describe('messaging migrations', () => {
  it('run up, the newest down, and up again', async () => {
    const provider = createDatabaseProvider({ dataDir: ':memory:' });
    try {
      const db = provider.forSchema('messaging');
      const indexes = async () =>
        ((await db.raw(`select indexname from pg_indexes where schemaname = current_schema() and indexname in (?, ?, ?, ?) order by indexname`, [
          'messages_dispatch_order_idx',
          'smpp_deliveries_received_idx',
          'smpp_outcomes_occurred_idx',
          'smpp_parts_recorded_idx',
        ])) as { rows: Array<{ indexname: string }> }).rows.map((r) => r.indexname);
      await migrateLatest(db, 'messaging', messagingMigrations);
      expect(await db.schema.hasTable('messages')).toBe(true);
      expect(await db.schema.hasTable('message_charges')).toBe(true);
      expect(await db.schema.hasTable('message_idempotency_keys')).toBe(true);
      expect(await db.schema.hasTable('templates')).toBe(true);
      expect(await db.schema.hasColumn('messages', 'route_remaining')).toBe(true);
      expect(await db.schema.hasTable('early_receipts')).toBe(true);
      expect(await db.schema.hasColumn('messages', 'traceparent')).toBe(true);
      expect(await db.schema.hasTable('standing_changes')).toBe(true);
      expect(await db.schema.hasTable('smpp_parts')).toBe(true);
      expect(await db.schema.hasTable('smpp_bind_leases')).toBe(true);
      expect(await db.schema.hasColumn('smpp_parts', 'network_error')).toBe(true);
      expect(await indexes()).toEqual(['messages_dispatch_order_idx', 'smpp_deliveries_received_idx', 'smpp_outcomes_occurred_idx', 'smpp_parts_recorded_idx']);
      expect(await db.schema.hasTable('early_carrier_receipts')).toBe(true);
      expect(await db.schema.hasColumn('templates', 'whatsapp_template_name')).toBe(true);
      expect(await db.schema.hasColumn('messages', 'whatsapp_template')).toBe(true);
      expect(await db.schema.hasColumn('messages', 'in_reply_to_inbound_message_id')).toBe(true);
      await migrateDown(db, 'messaging', messagingMigrations);
      // Only the newest went down.
      expect(await db.schema.hasColumn('messages', 'in_reply_to_inbound_message_id')).toBe(false);
      expect(await db.schema.hasColumn('messages', 'quoted_carrier_message_id')).toBe(false);
      expect(await db.schema.hasColumn('messages', 'whatsapp_template')).toBe(true);
      expect(await db.schema.hasTable('early_carrier_receipts')).toBe(true);
      expect(await indexes()).toHaveLength(4);
      await migrateLatest(db, 'messaging', messagingMigrations);
      expect(await db.schema.hasColumn('messages', 'quoted_carrier_message_id')).toBe(true);
      expect(await db.schema.hasColumn('templates', 'whatsapp_template_language')).toBe(true);
      expect(await db.schema.hasColumn('messages', 'whatsapp_template')).toBe(true);
      expect(await db.schema.hasTable('early_carrier_receipts')).toBe(true);
      expect(await db.schema.hasColumn('smpp_deliveries', 'network_error')).toBe(true);
      expect(await db.schema.hasTable('smpp_bind_holders')).toBe(true);
      expect(await db.schema.hasTable('smpp_outcomes')).toBe(true);
      expect(await db.schema.hasTable('standing_changes')).toBe(true);
      expect(await db.schema.hasColumn('messages', 'traceparent')).toBe(true);
      expect(await db.schema.hasTable('early_receipts')).toBe(true);
      expect(await db.schema.hasColumn('messages', 'route_remaining')).toBe(true);
      expect(await db.schema.hasColumn('messages', 'claimed_until')).toBe(true);
      expect(await db.schema.hasTable('account_sending_holds')).toBe(true);
    } finally {
      await provider.close();
    }
  });

  it('start with the event tables', () => {
    expect(messagingMigrations[0].name).toBe('00000000000000_event_tables');
  });
});
