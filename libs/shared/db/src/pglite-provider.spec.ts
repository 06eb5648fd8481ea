import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabaseProvider } from './create-database-provider';
import type { DatabaseProvider } from './database-provider';
import { migrateLatest } from './migrations';
import { databaseContract, widgetsMigrations } from './testing/database-contract';

// Starting PGlite takes a couple of seconds, and the on-disk tests start it more than once: three
// times as long while `npm test`'s other worker loads the same two cores (one took over 30 s there).
jest.setTimeout(90_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('embedded PGlite provider (in memory)', () => {
  let provider: DatabaseProvider;
  beforeAll(() => {
    provider = createDatabaseProvider({ dataDir: ':memory:' });
  });
  afterAll(() => provider.close());

  it('is not Postgres', () => {
    expect(provider.isPostgres).toBe(false);
  });

  databaseContract(() => provider);

  it('never interleaves a transaction of one schema-knex with queries of another', async () => {
    const a = provider.forSchema('interleave_a');
    const b = provider.forSchema('interleave_b');
    await a.schema.createTable('t', (t) => t.text('v'));
    await b.schema.createTable('t', (t) => t.text('v'));
    const timeline: string[] = [];

    const trxA = a.transaction(async (trx) => {
      timeline.push('a:begin');
      await trx('t').insert({ v: 'a1' });
      await sleep(50); // b's queries are issued during this pause and must wait
      await trx('t').insert({ v: 'a2' });
      timeline.push('a:commit');
    });
    await sleep(10);
    const trxB = b.transaction(async (trx) => {
      timeline.push('b:begin');
      await trx('t').insert({ v: 'b1' });
      timeline.push('b:commit');
    });
    const plainB = b('t')
      .insert({ v: 'b2' })
      .then(() => timeline.push('b:plain'));
    await Promise.all([trxA, trxB, plainB]);

    expect(timeline.slice(0, 2)).toEqual(['a:begin', 'a:commit']);
    expect(timeline).toHaveLength(5);
    // search_path followed each connection: nothing leaked into the other schema.
    expect(await a('t').orderBy('v').pluck('v')).toEqual(['a1', 'a2']);
    expect(await b('t').orderBy('v').pluck('v')).toEqual(['b1', 'b2']);
  });

  it('fails fast with an explanation when code queries outside its own open transaction', async () => {
    const impatient = createDatabaseProvider({ dataDir: ':memory:', acquireTimeoutMs: 200 });
    try {
      const db = impatient.forSchema('deadlock');
      await db.schema.createTable('t', (t) => t.text('v'));
      await expect(
        db.transaction(async (trx) => {
          await trx('t').insert({ v: 'inside' });
          await db('t').select(); // needs the connection the transaction holds
        }),
      ).rejects.toThrow(/single connection/);
      // The failed transaction released the connection.
      expect(await db('t').count({ c: '*' })).toEqual([{ c: '0' }]);
    } finally {
      await impatient.close();
    }
  });

  it('counts the statements that switch search_path between schemas, and ping', async () => {
    const a = provider.forSchema('count_a');
    const b = provider.forSchema('count_b');
    await a.raw('select 1');
    await b.raw('select 1');
    const before = provider.statementCount();
    await a.raw('select 1'); // set search_path to count_a; select 1
    await a.raw('select 1'); // select 1
    await b.transaction(async (trx) => trx.raw('select 1')); // set search_path to count_b; begin; select 1; commit
    await provider.ping(); // select 1, on whatever search_path
    expect(provider.statementCount() - before).toBe(2 + 1 + 4 + 1);
  });

  it('rejects invalid schema names', () => {
    expect(() => provider.forSchema('bad"; drop schema public; --')).toThrow(/Invalid schema name/);
  });
});

describe('embedded PGlite provider (on disk)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mp-db-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('persists across close and reopen of the same dataDir', async () => {
    const first = createDatabaseProvider({ dataDir });
    const db1 = first.forSchema('catalog');
    await migrateLatest(db1, 'catalog', widgetsMigrations);
    await db1('widgets').insert({ name: 'survives', attrs: { restarts: 1 } });
    await first.close();
    await expect(first.ping()).rejects.toThrow(/closed/);

    const second = createDatabaseProvider({ dataDir });
    try {
      const db2 = second.forSchema('catalog');
      expect(await db2('widgets').select('name', 'attrs')).toEqual([{ name: 'survives', attrs: { restarts: 1 } }]);
      // Migrations already applied are not re-run after the restart.
      await migrateLatest(db2, 'catalog', widgetsMigrations);
      expect(await db2('knex_migrations').count({ c: '*' })).toEqual([{ c: '2' }]);
    } finally {
      await second.close();
    }
  });

  it('shares one PGlite instance between providers opened on the same dataDir', async () => {
    const one = createDatabaseProvider({ dataDir });
    const two = createDatabaseProvider({ dataDir });
    await one.forSchema('shared').schema.createTable('t', (t) => t.text('v'));
    await two.forSchema('shared')('t').insert({ v: 'via two' });
    expect(await one.forSchema('shared')('t').pluck('v')).toEqual(['via two']);
    await two.close();
    // Closing one provider leaves the instance open for the other.
    expect(await one.forSchema('shared')('t').pluck('v')).toEqual(['via two']);
    await one.close();
  });

  it('clears a migration lock left behind by a crashed process', async () => {
    const first = createDatabaseProvider({ dataDir });
    const db1 = first.forSchema('crashy');
    await migrateLatest(db1, 'crashy', widgetsMigrations.slice(0, 1));
    await db1('knex_migrations_lock').update({ is_locked: 1 }); // as if killed mid-migration
    await first.close();

    const second = createDatabaseProvider({ dataDir });
    try {
      const db2 = second.forSchema('crashy');
      await migrateLatest(db2, 'crashy', widgetsMigrations);
      expect(await db2('knex_migrations').count({ c: '*' })).toEqual([{ c: '2' }]);
    } finally {
      await second.close();
    }
  });
});
