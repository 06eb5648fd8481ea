import { randomUUID } from 'node:crypto';
import { createDatabaseProvider, migrateDown, migrateLatest, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { consentMigrations } from '.';

const SCHEMA = 'consent';
let provider: DatabaseProvider;
let db: Knex;

beforeAll(async () => {
  provider = createDatabaseProvider({ dataDir: ':memory:' });
  db = provider.forSchema(SCHEMA);
});
afterAll(() => provider?.close());

describe('consent migrations', () => {
  it('give every opt-out already stored a ledger entry of its own, and go down again', async () => {
    const before = consentMigrations.slice(0, consentMigrations.findIndex((m) => m.name === '20261018000000_create_consent_entries'));
    await migrateLatest(db, SCHEMA, before);
    const legacy = {
      id: randomUUID(),
      account_id: randomUUID(),
      subaccount_id: null,
      recipient: '+15557654321',
      channel_type: 'Sms',
      scope: 'stopReply',
      receiving_number: '+15550000001',
      source: 'stop_reply',
      reason: null,
      created_at: new Date('2026-01-02T03:04:05.678Z'),
    };
    await db('opt_outs').insert(legacy);

    await migrateLatest(db, SCHEMA, consentMigrations);
    const row = await db('opt_outs').where({ id: legacy.id }).first();
    expect(row.entry_id).toBe(legacy.id);
    const entry = await db('consent_entries').where({ entry_id: legacy.id }).first();
    expect(entry).toMatchObject({ action: 'opted_out', scope: 'stopReply', source: 'stop_reply', receiving_number: '+15550000001', lifted_entry_ids: [] });
    expect(new Date(entry.recorded_at)).toEqual(legacy.created_at);

    // One step at a time: the replies' receipt times, the per-statement entry checks (the foreign keys back), the evidence records' unique index, the records, then the ledger.
    expect(entry.reply_received_at).toBeNull();
    await migrateDown(db, SCHEMA, consentMigrations);
    expect(await db.schema.hasColumn('consent_entries', 'reply_received_at')).toBe(false);
    await migrateDown(db, SCHEMA, consentMigrations);
    expect((await db.raw("select conname from pg_constraint where conname in ('opt_outs_entry_id_fkey', 'opt_in_records_entry_id_fkey') order by 1")).rows).toEqual([
      { conname: 'opt_in_records_entry_id_fkey' },
      { conname: 'opt_outs_entry_id_fkey' },
    ]);
    await migrateDown(db, SCHEMA, consentMigrations);
    expect((await db.raw("select 1 from pg_indexes where indexname = 'opt_in_records_same_record'")).rows).toEqual([]);
    await migrateDown(db, SCHEMA, consentMigrations);
    await migrateDown(db, SCHEMA, consentMigrations);
    expect(await db.schema.hasTable('consent_entries')).toBe(false);
    expect(await db.schema.hasTable('opt_in_records')).toBe(false);
    expect(await db.schema.hasColumn('opt_outs', 'entry_id')).toBe(false);
    expect(await db('opt_outs').select('id')).toEqual([{ id: legacy.id }]);
  });
});
