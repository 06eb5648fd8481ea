import { createDatabaseProvider, migrateDown, migrateLatest } from '@mp/db';
import { routingMigrations } from './index';

describe('routing migrations', () => {
  it('run the newest one down, up and down again', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    const db = databases.forSchema('routing');
    try {
      await migrateLatest(db, 'routing', routingMigrations);
      expect(await db.schema.hasTable('numbers')).toBe(true);
      await migrateDown(db, 'routing', routingMigrations);
      expect(await db.schema.hasTable('numbers')).toBe(false);
      await migrateLatest(db, 'routing', routingMigrations);
      const { rows } = await db.raw("select nextval('sandbox_number_seq') as n");
      expect(Number(rows[0].n)).toBe(1);
      await migrateDown(db, 'routing', routingMigrations);
      expect(await db.schema.hasTable('sandbox_provisionings')).toBe(false);
    } finally {
      await databases.close();
    }
  });
});
