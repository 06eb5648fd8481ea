import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import { enqueueEvent } from '../outbox/enqueue-event';
import { schemaOf } from '../outbox/outbox-metrics';
import { OutboxRelay } from '../outbox/outbox-relay';
import { recordingLogger, serviceSchema, uniqueName, waitFor } from '../testing/test-helpers';
import { createEmbeddedLogTransport } from './embedded-log-transport';

// The embedded log on PostgreSQL shared by several processes: DATABASE_URL, else this machine's
// PostgreSQL (PGlite is never shared between processes, so there is nothing to test on it). A second
// copy of the modules (its own process id and its own in-process publish notifier) stands for the
// other process.
const databaseUrl = process.env['DATABASE_URL'] || 'postgres://postgres@127.0.0.1:5432/test';

describe('embedded log on PostgreSQL, between processes', () => {
  let provider: DatabaseProvider;
  const schemas: string[] = [];
  beforeAll(() => {
    provider = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
  });
  afterAll(async () => {
    const admin = provider.forSchema('public');
    for (const schema of schemas) await admin.raw(`drop schema if exists "${schema}" cascade`);
    await provider.close();
  });

  const anotherProcess = async () => {
    let modules: typeof import('./embedded-log-transport') | undefined;
    await jest.isolateModulesAsync(async () => {
      modules = await import('./embedded-log-transport');
    });
    return modules!;
  };

  it('a publish in another process wakes a subscriber at once (NOTIFY), so it polls only every 2 s', async () => {
    const otherProcess = await anotherProcess();
    const publisher = createEmbeddedLogTransport({ db: provider, logger: recordingLogger() });
    const subscriberDb = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
    const subscriber = otherProcess.createEmbeddedLogTransport({ db: subscriberDb, logger: recordingLogger() });
    try {
      const topic = uniqueName('notified', '-');
      let fetches = 0;
      subscriberDb.forSchema('eventlog').on('query', (q: { sql: string }) => {
        if (/from "events"/.test(q.sql)) fetches++;
      });
      const received: Array<{ n: number; at: number }> = [];
      await subscriber.subscribe({ group: uniqueName('g', '-'), topics: [topic], handler: async (e) => void received.push({ n: e.payload as number, at: Date.now() }) });
      await waitFor(() => fetches > 0, 5_000, 'the first look');
      // At rest: no fetch every 250 ms, the interval of a subscriber nobody tells.
      const atRest = fetches;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(fetches - atRest).toBeLessThanOrEqual(1);

      for (let n = 1; n <= 3; n++) {
        const published = Date.now();
        await publisher.publish([{ id: `${topic}-${n}`, type: 'Notified', version: 1, topic, key: 'k', occurredAt: new Date().toISOString(), payload: n }]);
        await waitFor(() => received.length === n, 5_000, `event ${n}`);
        // Well before the next 2 s poll could have found it.
        expect(received[n - 1].at - published).toBeLessThan(1_000);
      }
      // A relay moving an outbox of the publisher's database into the log notifies too.
      const producer = await serviceSchema(provider, uniqueName('svc'));
      schemas.push(schemaOf(producer));
      await producer.transaction((trx) => enqueueEvent(trx, { topic, key: 'k', type: 'Notified', payload: 4 }, new Date()));
      const relayed = Date.now();
      expect(await new OutboxRelay({ db: producer, transport: publisher, logger: recordingLogger() }).publishPending()).toBe(1);
      await waitFor(() => received.length === 4, 5_000, 'the relayed event');
      expect(received[3].at - relayed).toBeLessThan(1_000);
      expect(received.map((r) => r.n)).toEqual([1, 2, 3, 4]);
    } finally {
      await subscriber.close();
      await publisher.close();
      await subscriberDb.close();
    }
  });

  it('a subscriber whose listening connection was cut still receives, and listens again', async () => {
    const otherProcess = await anotherProcess();
    const publisher = createEmbeddedLogTransport({ db: provider, logger: recordingLogger() });
    const subscriberDb = createDatabaseProvider({ databaseUrl, dataDir: ':memory:' });
    const logger = recordingLogger();
    const subscriber = otherProcess.createEmbeddedLogTransport({ db: subscriberDb, logger });
    try {
      const topic = uniqueName('relisten', '-');
      const received: number[] = [];
      await subscriber.subscribe({ group: uniqueName('g', '-'), topics: [topic], handler: async (e) => void received.push(e.payload as number) });
      const admin = provider.forSchema('public');
      const listeners = async () =>
        (await admin.raw<{ rows: Array<{ pid: number }> }>(`select pid from pg_stat_activity where query ilike 'listen "mp_event_log_published"' and pid <> pg_backend_pid()`)).rows;
      const before = (await listeners()).map((r) => r.pid);
      expect(before.length).toBeGreaterThan(0);
      await admin.raw(`select pg_terminate_backend(pid) from pg_stat_activity where pid = any(?::int[])`, [before]);
      await waitFor(() => logger.error.mock.calls.some(([message]) => /not told of other processes/.test(String(message))), 5_000, 'the loss logged');

      await publisher.publish([{ id: `${topic}-1`, type: 'Notified', version: 1, topic, key: 'k', occurredAt: new Date().toISOString(), payload: 1 }]);
      await waitFor(() => received.length === 1, 5_000, 'the event published while not listening');
      // A new listening connection (reconnected with backoff).
      await waitFor(async () => (await listeners()).some((r) => !before.includes(r.pid)), 10_000, 'listening again');
      await publisher.publish([{ id: `${topic}-2`, type: 'Notified', version: 1, topic, key: 'k', occurredAt: new Date().toISOString(), payload: 2 }]);
      await waitFor(() => received.length === 2, 5_000, 'the event published after');
      expect(received).toEqual([1, 2]);
    } finally {
      await subscriber.close();
      await publisher.close();
      await subscriberDb.close();
    }
  });
});
