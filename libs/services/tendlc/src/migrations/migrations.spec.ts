import { createDatabaseProvider, migrateDown, migrateLatest } from '@mp/db';
import { tenDlcMigrations } from './index';

describe('tendlc migrations', () => {
  it('run up, the newest down (statuses back in their former spelling), and up again', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    const db = databases.forSchema('tendlc');
    try {
      await migrateLatest(db, 'tendlc', tenDlcMigrations);
      expect(await db.schema.hasTable('registry_status_updates')).toBe(true);
      expect(await db.schema.hasTable('sandbox_registry_callbacks')).toBe(true);
      await migrateDown(db, 'tendlc', tenDlcMigrations);
      expect(await db.schema.hasTable('sandbox_registry_callbacks')).toBe(false);
      expect(await db.schema.hasColumn('brands', 'reference_id')).toBe(false);
      const now = new Date();
      await db('brands').insert({ id: '00000000-0000-4000-8000-000000000001', account_id: '00000000-0000-4000-8000-000000000002', display_name: 'Old', status: 'verified', created_at: now, updated_at: now });
      await migrateLatest(db, 'tendlc', tenDlcMigrations);
      expect((await db('brands').first()).status).toBe('VERIFIED');
      await expect(db('brands').update({ status: 'approved' })).rejects.toThrow();
    } finally {
      await databases.close();
    }
  });
});
