import type { Principal } from '@mp/grpc';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';
import { noteStandingChange, standingVersions } from './standing-changes';

// Every send reads its account's standing version (sending-standing-cache.ts): the reads of one turn are one statement.
describe('standing versions', () => {
  let database: TestDatabase;
  let h: Harness;
  const statements: string[] = [];
  const count = (query: { sql: string }) => statements.push(query.sql);
  const service: Principal = { kind: 'service', accountId: '', service: 'provider-callback' };
  const accounts = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b', '00000000-0000-4000-8000-00000000000c'];
  beforeAll(async () => {
    database = await openTestDatabase();
    h = await startHarness(database);
    h.db.on('query', count);
  });
  afterAll(async () => {
    h.db.off('query', count);
    await h.close();
    await database.close();
  });

  it("answers 30 sends of one turn with one statement, each its own account's version", async () => {
    const versionOf = standingVersions(h.db);
    await noteStandingChange(h.db, service, { accountId: accounts[0] });
    await noteStandingChange(h.db, service, { accountId: accounts[0] });
    await noteStandingChange(h.db, service, { accountId: accounts[1] });
    statements.length = 0;
    const asked = Array.from({ length: 30 }, (_, i) => [...accounts, 'not-a-uuid'][i % 4]);
    const versions = await Promise.all(asked.map(versionOf));
    expect(statements.filter((sql) => sql.includes('standing_changes'))).toHaveLength(1);
    expect(versions).toEqual(asked.map((id) => ({ [accounts[0]]: '2', [accounts[1]]: '1' })[id] ?? '0'));
  });

  it('never answers a send from a read that began before it asked: a change noted meanwhile is seen', async () => {
    const versionOf = standingVersions(h.db);
    const account = accounts[2];
    const before = versionOf(account); // its read is in flight while the change commits
    await new Promise((resolve) => setImmediate(resolve));
    await noteStandingChange(h.db, service, { accountId: account });
    const after = await versionOf(account);
    expect(after).toBe('1');
    expect(['0', '1']).toContain(await before);
  });
});
