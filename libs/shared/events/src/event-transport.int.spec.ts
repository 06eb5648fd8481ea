import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { startIdempotentConsumer } from './consumer/idempotent-consumer';
import { createEmbeddedLogTransport } from './embedded-log/embedded-log-transport';
import type { EventTransport } from './event-transport';
import { createKafkaTransport } from './kafka/kafka-transport';
import { enqueueEvent } from './outbox/enqueue-event';
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
