import { createDatabaseProvider, migrateDown, migrateLatest } from '@mp/db';
import { routingMigrations } from './index';

describe('routing migrations', () => {
  it('run the newest one down, up and down again', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    const db = databases.forSchema('routing');
    try {
      await migrateLatest(db, 'routing', routingMigrations);
      expect(await db.schema.hasTable('numbers')).toBe(true);
      expect(await db.schema.hasTable('number_pools')).toBe(true);
      await migrateDown(db, 'routing', routingMigrations);
      expect(await db.schema.hasTable('number_pools')).toBe(false);
      expect(await db.schema.hasTable('numbers')).toBe(true);
      await migrateLatest(db, 'routing', routingMigrations);
      const { rows } = await db.raw("select nextval('sandbox_number_seq') as n");
      expect(Number(rows[0].n)).toBe(1);
      await migrateDown(db, 'routing', routingMigrations);
      expect(await db.schema.hasTable('pool_sticky_senders')).toBe(false);
    } finally {
      await databases.close();
    }
  });

  it('keep an address unique among active numbers only, and take the numbers released before down again', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    const db = databases.forSchema('routing');
    const row = (id: string, status: string) => ({
      number_id: id,
      account_id: 'a',
      address: '+15550000001',
      channel_types: JSON.stringify(['Sms']),
      status,
      created_at: new Date(),
    });
    try {
      await migrateLatest(db, 'routing', routingMigrations);
      await db('numbers').insert(row('n1', 'released'));
      await db('numbers').insert(row('n2', 'active'));
      await expect(db('numbers').insert(row('n3', 'active'))).rejects.toMatchObject({ code: '23505' });
      // Down to before the number lifecycle: released duplicates go, the old unique address comes back.
      for (let i = 0; i < 2; i++) await migrateDown(db, 'routing', routingMigrations);
      expect((await db('numbers').select('number_id')).map((r: { number_id: string }) => r.number_id)).toEqual(['n2']);
      await migrateLatest(db, 'routing', routingMigrations);
      expect(await db('numbers').where({ number_id: 'n2' }).first()).toMatchObject({ sandbox: true, campaign_id: null });
    } finally {
      await databases.close();
    }
  });
});
