import type { Knex } from 'knex';
import type { DatabaseProvider } from '../database-provider';
import { migrateDown, migrateLatest, type Migration } from '../migrations';

// Behaviour every DatabaseProvider must have, run against embedded PGlite by the unit specs and
// against PostgreSQL by the integration spec, so code tested on one backend works on the other.

let counter = 0;
/** Unique per run, so the contract can run repeatedly against one long-lived PostgreSQL database. */
export function uniqueSchemaName(prefix: string): string {
  return `${prefix}_${process.pid}_${Date.now().toString(36)}_${++counter}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const widgetsMigrations: Migration[] = [
  {
    name: '20240101000000_widgets',
    async up(knex) {
      await knex.schema.createTable('widgets', (t) => {
        t.bigIncrements('id');
        t.text('name').notNullable().unique();
        t.jsonb('attrs').notNullable().defaultTo('{}');
      });
    },
    async down(knex) {
      await knex.schema.dropTable('widgets');
    },
  },
  {
    name: '20240102000000_widget_colour',
    async up(knex) {
      await knex.schema.alterTable('widgets', (t) => t.text('colour'));
    },
    async down(knex) {
      await knex.schema.alterTable('widgets', (t) => t.dropColumn('colour'));
    },
  },
];

async function tablesOf(db: Knex, schema: string): Promise<string[]> {
  const rows = await db('information_schema.tables')
    .where({ table_schema: schema })
    .orderBy('table_name')
    .pluck<string[]>('table_name');
  return rows;
}

async function columnsOf(db: Knex, schema: string, table: string): Promise<string[]> {
  return db('information_schema.columns')
    .where({ table_schema: schema, table_name: table })
    .orderBy('column_name')
    .pluck<string[]>('column_name');
}

/** Declares the contract as a nested describe, so its cleanup runs before the caller closes the provider. */
export function databaseContract(getProvider: () => DatabaseProvider): void {
  describe('DatabaseProvider contract', () => defineContract(getProvider));
}

function defineContract(getProvider: () => DatabaseProvider): void {
  const schemas: string[] = [];
  const newSchema = (prefix = 'c') => {
    const name = uniqueSchemaName(prefix);
    schemas.push(name);
    return name;
  };

  afterAll(async () => {
    const provider = getProvider();
    const admin = provider.forSchema(schemas[0] ?? 'public');
    for (const schema of schemas) await admin.raw(`drop schema if exists "${schema}" cascade`);
  });

  it('creates the schema and runs every query of that knex with search_path = schema', async () => {
    const schema = newSchema();
    const db = getProvider().forSchema(schema);
    const { rows } = await db.raw<{ rows: Array<{ s: string }> }>('select current_schema() as s');
    expect(rows[0].s).toBe(schema);
    await db.schema.createTable('notes', (t) => t.text('body'));
    expect(await tablesOf(db, schema)).toEqual(['notes']);
  });

  it('keeps schemas isolated even with identical table names', async () => {
    const [a, b] = [getProvider().forSchema(newSchema('a')), getProvider().forSchema(newSchema('b'))];
    for (const db of [a, b]) await db.schema.createTable('items', (t) => t.text('name'));
    await a('items').insert({ name: 'only-in-a' });
    await b('items').insert([{ name: 'b1' }, { name: 'b2' }]);
    expect(await a('items').pluck('name')).toEqual(['only-in-a']);
    expect(await b('items').orderBy('name').pluck('name')).toEqual(['b1', 'b2']);
  });

  it('supports returning, jsonb, onConflict ignore/merge and returns int8 as string like pg', async () => {
    const schema = newSchema();
    const db = getProvider().forSchema(schema);
    await migrateLatest(db, schema, widgetsMigrations);

    const [created] = await db('widgets')
      .insert({ name: 'w', attrs: JSON.stringify({ tags: ['a', 'b'], n: 1 }) })
      .returning('*');
    expect(created).toMatchObject({ id: '1', name: 'w', attrs: { tags: ['a', 'b'], n: 1 } });

    const ignored = await db('widgets').insert({ name: 'w', attrs: {} }).onConflict('name').ignore().returning('id');
    expect(ignored).toEqual([]);

    const [merged] = await db('widgets')
      .insert({ name: 'w', attrs: { n: 2 }, colour: 'red' })
      .onConflict('name')
      .merge(['attrs', 'colour'])
      .returning(['id', 'attrs', 'colour']);
    expect(merged).toEqual({ id: '1', attrs: { n: 2 }, colour: 'red' });

    expect(await db('widgets').where('attrs', '@>', JSON.stringify({ n: 2 })).count({ c: '*' })).toEqual([{ c: '1' }]);
    expect(await db('widgets').where({ id: '1' }).update({ colour: 'blue' })).toBe(1);
    expect(await db('widgets').where({ id: '1' }).del()).toBe(1);
  });

  it('commits and rolls back transactions', async () => {
    const schema = newSchema();
    const db = getProvider().forSchema(schema);
    await db.schema.createTable('ledger', (t) => t.text('entry'));

    await db.transaction(async (trx) => {
      await trx('ledger').insert({ entry: 'kept' });
    });
    await expect(
      db.transaction(async (trx) => {
        await trx('ledger').insert({ entry: 'discarded' });
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');

    expect(await db('ledger').pluck('entry')).toEqual(['kept']);
  });

  it('counts every statement sent: each query, and BEGIN and COMMIT or ROLLBACK of a transaction', async () => {
    const provider = getProvider();
    const db = provider.forSchema(newSchema('count'));
    await db.schema.createTable('counted', (t) => t.text('v'));
    await db('counted').select(); // a warm connection on this schema: no set-up statements below
    const before = provider.statementCount();
    await db('counted').insert({ v: 'one' });
    expect(provider.statementCount() - before).toBe(1);
    await db.transaction(async (trx) => {
      await trx('counted').insert({ v: 'two' });
      await trx('counted').update({ v: 'three' }).where({ v: 'two' });
    });
    expect(provider.statementCount() - before).toBe(1 + 4);
    await expect(
      db.transaction(async (trx) => {
        await trx('counted').insert({ v: 'four' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(provider.statementCount() - before).toBe(1 + 4 + 3);
  });

  it('does not let a rolled-back transaction in one schema take down a concurrent write in another', async () => {
    const [a, b] = [getProvider().forSchema(newSchema('a')), getProvider().forSchema(newSchema('b'))];
    for (const db of [a, b]) await db.schema.createTable('log', (t) => t.text('entry'));

    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const failing = a.transaction(async (trx) => {
      await trx('log').insert({ entry: 'a-rolled-back' });
      markStarted();
      await sleep(100); // window in which b's write is issued
      throw new Error('abort a');
    });
    await started;
    const bWrite = b('log').insert({ entry: 'b-committed' });

    await expect(failing).rejects.toThrow('abort a');
    await bWrite;
    expect(await a('log').pluck('entry')).toEqual([]);
    expect(await b('log').pluck('entry')).toEqual(['b-committed']);
  });

  it('accepts FOR UPDATE SKIP LOCKED and, on a server, really skips rows locked by another transaction', async () => {
    const schema = newSchema();
    const db = getProvider().forSchema(schema);
    await db.schema.createTable('jobs', (t) => t.integer('id').primary());
    await db('jobs').insert([{ id: 1 }, { id: 2 }]);

    const claim = (trx: Knex.Transaction) =>
      trx('jobs').select('id').orderBy('id').limit(1).forUpdate().skipLocked().pluck<number[]>('id');

    if (!getProvider().isPostgres) {
      // One connection: transactions cannot overlap, so there is nothing to skip.
      expect(await db.transaction(claim)).toEqual([1]);
      return;
    }
    let releaseFirst!: () => void;
    const holdFirst = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstClaimed!: (ids: number[]) => void;
    const first = new Promise<number[]>((resolve) => (firstClaimed = resolve));
    const firstTrx = db.transaction(async (trx) => {
      firstClaimed(await claim(trx));
      await holdFirst;
    });
    expect(await first).toEqual([1]);
    expect(await db.transaction(claim)).toEqual([2]);
    releaseFirst();
    await firstTrx;
  });

  it('migrates latest, one step down and latest again, keeping knex_migrations inside the schema', async () => {
    const schema = newSchema('m');
    const db = getProvider().forSchema(schema);

    await migrateLatest(db, schema, widgetsMigrations);
    expect(await tablesOf(db, schema)).toEqual(['knex_migrations', 'knex_migrations_lock', 'widgets']);
    expect(await columnsOf(db, schema, 'widgets')).toContain('colour');
    expect(await db('knex_migrations').orderBy('id').pluck('name')).toEqual(widgetsMigrations.map((m) => m.name));

    await migrateDown(db, schema, widgetsMigrations);
    expect(await columnsOf(db, schema, 'widgets')).not.toContain('colour');
    expect(await db('knex_migrations').pluck('name')).toEqual([widgetsMigrations[0].name]);

    await migrateLatest(db, schema, widgetsMigrations);
    expect(await columnsOf(db, schema, 'widgets')).toContain('colour');
    // Running again is a no-op rather than an error.
    await migrateLatest(db, schema, widgetsMigrations);
    expect(await db('knex_migrations').count({ c: '*' })).toEqual([{ c: '2' }]);
  });

  it('runs concurrent migrateLatest calls on one schema once, without a lock error', async () => {
    const schema = newSchema('m');
    const db = getProvider().forSchema(schema);
    await Promise.all([1, 2, 3].map(() => migrateLatest(db, schema, widgetsMigrations)));
    expect(await db('knex_migrations').count({ c: '*' })).toEqual([{ c: '2' }]);
  });

  it('rolls back a failing migration and leaves the migration lock free', async () => {
    const schema = newSchema('m');
    const db = getProvider().forSchema(schema);
    const broken: Migration = {
      name: '20240103000000_broken',
      async up(knex) {
        await knex.schema.createTable('half_done', (t) => t.text('x'));
        throw new Error('migration bug');
      },
      async down() {},
    };
    await expect(migrateLatest(db, schema, [...widgetsMigrations, broken])).rejects.toThrow('migration bug');
    expect(await tablesOf(db, schema)).toEqual(['knex_migrations', 'knex_migrations_lock']);
    expect(await db('knex_migrations_lock').pluck('is_locked')).toEqual([0]);

    await migrateLatest(db, schema, widgetsMigrations);
    expect(await tablesOf(db, schema)).toContain('widgets');
  });

  it('answers ping', async () => {
    await expect(getProvider().ping()).resolves.toBeUndefined();
  });
}
