import { createDatabaseProvider } from './create-database-provider';
import type { DatabaseProvider } from './database-provider';
import { databaseContract } from './testing/database-contract';

// Runs the provider contract against PostgreSQL when DATABASE_URL is set, embedded PGlite otherwise.
const databaseUrl = process.env['DATABASE_URL'];

describe(`DatabaseProvider on ${databaseUrl ? 'PostgreSQL' : 'embedded PGlite (DATABASE_URL unset)'}`, () => {
  let provider: DatabaseProvider;
  beforeAll(() => {
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
  });
  afterAll(() => provider.close());

  it('reports its backend', () => {
    expect(provider.isPostgres).toBe(Boolean(databaseUrl));
  });

  databaseContract(() => provider);

  it('refuses a non-postgres URL', () => {
    expect(() => createDatabaseProvider({ databaseUrl: 'mysql://x', dataDir: ':memory:' })).toThrow(/postgres/);
  });
});
