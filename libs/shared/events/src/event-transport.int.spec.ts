import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { startIdempotentConsumer } from './consumer/idempotent-consumer';
import { createEmbeddedLogTransport } from './embedded-log/embedded-log-transport';
import type { EventTransport } from './event-transport';
import { createKafkaTransport } from './kafka/kafka-transport';
import { enqueueEvent } from './outbox/enqueue-event';
import { schemaOf } from './outbox/outbox-metrics';
import { OutboxRelay } from './outbox/outbox-relay';
import { recordingLogger, serviceSchema, uniqueName, waitFor } from './testing/test-helpers';
import { transportContract } from './testing/transport-contract';

// Kafka when KAFKA_BROKERS is set (comma-separated), otherwise the embedded log; the database is
// PostgreSQL when DATABASE_URL is set, otherwise embedded PGlite.
const brokers = process.env['KAFKA_BROKERS']?.split(',').map((b) => b.trim()).filter(Boolean);
const databaseUrl = process.env['DATABASE_URL'];
const backend = `${brokers?.length ? 'Kafka' : 'embedded log'} + ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`;

describe(`events on ${backend}`, () => {
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

  const createTransport = (): EventTransport =>
    brokers?.length
      ? createKafkaTransport({ brokers, clientId: uniqueName('contract', '-'), logger: recordingLogger() })
      : createEmbeddedLogTransport({ db: provider, pollIntervalMs: 50, logger: recordingLogger() });

  transportContract({ createTransport, timeoutMs: brokers?.length ? 30_000 : 10_000 });

  // The embedded log's ordering guarantee under concurrent writers: a reader consuming meanwhile must
  // never commit past an offset whose publish has not committed yet (that event would be skipped).
  // Kafka orders by partition, not by a shared sequence: the race only exists on the embedded log.
  if (!brokers?.length) {
    it('embedded log: concurrent publishers never make a reader skip an event', async () => {
      const transport = createTransport();
      try {
        const topic = uniqueName('race', '-');
        const received = new Set<number>();
        await transport.subscribe({ group: uniqueName('g', '-'), topics: [topic], fromBeginning: true, handler: async (e) => void received.add(e.payload as number) });
        const publishers = 10;
        const each = 30;
        await Promise.all(
          Array.from({ length: publishers }, async (_, p) => {
            for (let i = 0; i < each; i++) {
              await transport.publish([{ id: `${topic}-${p}-${i}`, type: 'Raced', version: 1, topic, key: `k${p}`, occurredAt: new Date().toISOString(), payload: p * each + i }]);
            }
          }),
        );
        await waitFor(() => received.size === publishers * each, 20_000, 'every published event received');
        expect(received.size).toBe(publishers * each);
      } finally {
        await transport.close();
      }
    });
  }

  // Two processes sharing one PostgreSQL database: a second copy of the modules (its own process id
  // and its own in-process publish notifier) stands for the other process.
  if (!brokers?.length && databaseUrl) {
    const anotherProcess = async () => {
      let modules: typeof import('./embedded-log/embedded-log-transport') | undefined;
      await jest.isolateModulesAsync(async () => {
        modules = await import('./embedded-log/embedded-log-transport');
      });
      return modules!;
    };
    it('embedded log on PostgreSQL: a publish in another process wakes a subscriber at once (NOTIFY), so it polls only every 2 s', async () => {
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

    it('embedded log on PostgreSQL: a subscriber whose listening connection was cut still receives, and listens again', async () => {
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
  }

  describe('outbox → transport → idempotent consumer', () => {
    let transport: EventTransport;
    let producer: Knex;
    let consumer: Knex;
    const relays: OutboxRelay[] = [];

    beforeEach(async () => {
      transport = createTransport();
      const [producerSchema, consumerSchema] = [uniqueName('producer'), uniqueName('consumer')];
      schemas.push(producerSchema, consumerSchema);
      producer = await serviceSchema(provider, producerSchema);
      consumer = await serviceSchema(provider, consumerSchema);
      await consumer.schema.createTable('inbox', (t) => {
        t.bigIncrements('seq'); // consumption order
        t.text('event_id').unique(); // a second insert of one event would fail the test loudly
        t.text('key');
        t.integer('n');
      });
    });
    afterEach(async () => {
      await Promise.all(relays.splice(0).map((r) => r.stop()));
      await transport.close();
    });

    it.each([1, 8])('delivers every committed event exactly once, in order per key, with two relay replicas (batchSize %i)', async (batchSize) => {
      const topic = uniqueName('orders', '-');
      await transport.ensureTopics([topic]);
      await startIdempotentConsumer({
        db: consumer,
        transport,
        group: uniqueName('inbox', '-'),
        topics: [topic],
        logger: recordingLogger(),
        batchSize,
        apply: async (trx, event) => {
          const { n } = event.payload as { n: number };
          await trx('inbox').insert({ event_id: event.id, key: event.key, n });
        },
      });
      for (let i = 0; i < 2; i++) {
        const relay = new OutboxRelay({ db: producer, transport, pollIntervalMs: 20, batchSize: 5, logger: recordingLogger() });
        relays.push(relay);
        relay.start();
      }

      const total = 30;
      for (let n = 0; n < total; n++) {
        await producer.transaction((trx) =>
          enqueueEvent(trx, { topic, key: `order-${n % 4}`, type: 'OrderChanged', payload: { n } }, new Date()),
        );
        relays.forEach((r) => r.kick());
      }
      await expect(
        producer.transaction(async (trx) => {
          await enqueueEvent(trx, { topic, key: 'order-0', type: 'OrderChanged', payload: { n: -1 } }, new Date());
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');

      const count = async () => Number((await consumer('inbox').count({ c: '*' }))[0].c);
      await waitFor(async () => (await count()) >= total, 30_000, 'all events consumed');
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await count()).toBe(total);
      for (let k = 0; k < 4; k++) {
        const ns = await consumer('inbox').where({ key: `order-${k}` }).orderBy('seq').pluck('n');
        const expected = Array.from({ length: total }, (_, n) => n).filter((n) => n % 4 === k);
        expect(ns).toEqual(expected);
      }
    });
  });
});
