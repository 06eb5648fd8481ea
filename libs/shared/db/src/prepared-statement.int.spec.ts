import { createDatabaseProvider } from './create-database-provider';
import type { DatabaseProvider } from './database-provider';
import { preparedRaw } from './prepared-statement';

// PostgreSQL when DATABASE_URL is set (named prepared statements), embedded PGlite otherwise (plain statements).
const databaseUrl = process.env['DATABASE_URL'];

describe(`preparedRaw on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite (DATABASE_URL unset)'}`, () => {
  let provider: DatabaseProvider;
  beforeAll(() => {
    // One connection, so every run below meets the statement its first run prepared.
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:', poolMax: 1 });
  });
  afterAll(() => provider.close());

  it('answers each run with its own bindings, the same text prepared once on the connection', async () => {
    const db = provider.forSchema('prepared_statement_spec');
    const sql = 'select ?::int * 2 as doubled, ?::text as label';
    for (const n of [1, 2, 3, 4, 5, 6, 7]) {
      const { rows } = await preparedRaw<{ rows: Array<{ doubled: number; label: string }> }>(db, sql, [n, `run ${n}`]);
      expect(rows).toEqual([{ doubled: n * 2, label: `run ${n}` }]);
    }
    if (!provider.isPostgres) return;
    const { rows } = await db.raw<{ rows: Array<{ statement: string }> }>(
      `select statement from pg_prepared_statements where statement like 'select $1::int * 2%'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('keeps two texts apart, and a failing run leaves the statement usable', async () => {
    const db = provider.forSchema('prepared_statement_spec');
    await expect(preparedRaw(db, 'select 1 / ?::int as q', [0])).rejects.toThrow(/division by zero/);
    expect((await preparedRaw<{ rows: Array<{ q: number }> }>(db, 'select 1 / ?::int as q', [1])).rows).toEqual([{ q: 1 }]);
    expect((await preparedRaw<{ rows: Array<{ q: number }> }>(db, 'select 2 / ?::int as q', [1])).rows).toEqual([{ q: 2 }]);
  });

  it('refuses bindings that knex writes into the text', () => {
    const db = provider.forSchema('prepared_statement_spec');
    expect(() => preparedRaw(db, 'select * from ?? limit 1', ['messages'])).toThrow(/identifier binding/);
    expect(() => preparedRaw(db, 'select * from t where id in (?)', [[1, 2, 3]])).toThrow(/array binding/);
  });
});
