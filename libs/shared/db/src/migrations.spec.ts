import type { Knex } from 'knex';
import { createDatabaseProvider } from './create-database-provider';
import { migrateLatest, type Migration } from './migrations';

const widgets = (name: string, formerName?: string): Migration => ({
  name,
  formerName,
  up: (knex: Knex) => knex.schema.createTable('widgets', (t) => t.increments()),
  down: (knex: Knex) => knex.schema.dropTable('widgets'),
});

describe('migrations', () => {
  it('keeps the history of a renamed migration: a database migrated under the old name does not run it again', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    const db = databases.forSchema('renames');
    try {
      // Recorded under an old name (before names were checked), as the first services' migrations were.
      await db.raw('create schema if not exists renames');
      await db.schema.withSchema('renames').createTable('knex_migrations', (t) => {
        t.increments();
        t.string('name');
        t.integer('batch');
        t.timestamp('migration_time');
      });
      await db.schema.withSchema('renames').createTable('widgets', (t) => t.increments());
      await db('knex_migrations').withSchema('renames').insert({ name: '001-create-widgets', batch: 1, migration_time: new Date() });

      await migrateLatest(db, 'renames', [widgets('20250101000000_create_widgets', '001-create-widgets')]);
      expect(await db('knex_migrations').withSchema('renames').pluck('name')).toEqual(['20250101000000_create_widgets']);
      // Again: nothing to rename, nothing to run.
      await migrateLatest(db, 'renames', [widgets('20250101000000_create_widgets', '001-create-widgets')]);
      expect(await db('knex_migrations').withSchema('renames').pluck('name')).toEqual(['20250101000000_create_widgets']);
    } finally {
      await databases.close();
    }
  });

  it('refuses a migration not named <yyyymmddhhmmss>_<what>', async () => {
    const databases = createDatabaseProvider({ dataDir: ':memory:' });
    try {
      await expect(migrateLatest(databases.forSchema('badnames'), 'badnames', [widgets('001-create-widgets')])).rejects.toThrow(/yyyymmddhhmmss/);
    } finally {
      await databases.close();
    }
  });
});
