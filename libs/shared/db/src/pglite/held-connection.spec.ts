import { assertRemoteCallAllowed } from '@mp/grpc';
import { createDatabaseProvider } from '../create-database-provider';
import type { DatabaseProvider } from '../database-provider';

// Starting PGlite takes a couple of seconds.
jest.setTimeout(30_000);

describe('a query that bypasses the open transaction on PGlite', () => {
  let provider: DatabaseProvider;
  beforeAll(async () => {
    // The default acquire timeout (60 s): the refusal must not depend on it.
    provider = createDatabaseProvider({ dataDir: ':memory:' });
    await provider.forSchema('held_a').schema.createTable('t', (t) => t.text('v'));
    await provider.forSchema('held_b').schema.createTable('t', (t) => t.text('v'));
  });
  afterAll(() => provider.close());

  const a = () => provider.forSchema('held_a');
  const b = () => provider.forSchema('held_b');

  it('fails at once, naming the schema, and the transaction rolls back', async () => {
    const started = Date.now();
    await expect(
      a().transaction(async (trx) => {
        await trx('t').insert({ v: 'inside' });
        await a()('t').select();
      }),
    ).rejects.toThrow(/outside the open transaction.*"held_a".*single connection/);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await a()('t').pluck('v')).toEqual([]);
  });

  it('fails at once for another schema of the same database and for a second top-level transaction', async () => {
    await expect(a().transaction(async () => b()('t').select())).rejects.toThrow(/"held_b"/);
    await expect(a().transaction(async () => a().transaction(async (inner) => inner('t').select()))).rejects.toThrow(/single connection/);
  });

  it('still allows savepoints through the transaction, and queries once it has committed', async () => {
    let afterCommit: Promise<string[]> | undefined;
    await a().transaction(async (trx) => {
      await trx.transaction(async (savepoint) => savepoint('t').insert({ v: 'nested' }));
      // A continuation registered inside the transaction runs after it: it must get the connection.
      afterCommit = trx.executionPromise!.then(() => a()('t').pluck<string[]>('v'));
    });
    expect(await afterCommit).toEqual(['nested']);
    await a()('t').del();
  });

  it('refuses a call to another service inside the transaction, naming the schema, and allows it after commit', async () => {
    // The first line of every gRPC client call (libs/shared/grpc/src/client.ts).
    const remoteCall = async () => assertRemoteCallAllowed('/routing.v1.RoutingService/ChooseSender');
    await expect(a().transaction(async () => remoteCall())).rejects.toThrow(
      'a transaction on the embedded database (schema "held_a") called /routing.v1.RoutingService/ChooseSender',
    );
    let afterCommit: Promise<void> | undefined;
    await a().transaction(async (trx) => {
      afterCommit = trx.executionPromise!.then(remoteCall);
    });
    await expect(afterCommit).resolves.toBeUndefined();
  });

  it('does not refuse another PGlite database', async () => {
    const other = createDatabaseProvider({ dataDir: ':memory:' });
    try {
      await expect(a().transaction(async () => other.forSchema('public').raw('select 1 as one'))).resolves.toBeDefined();
    } finally {
      await other.close();
    }
  });
});
