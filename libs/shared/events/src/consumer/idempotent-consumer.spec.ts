import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import type { EventEnvelope } from '../event-envelope';
import { createEmbeddedLogTransport } from '../embedded-log/embedded-log-transport';
import { enqueueEvent } from '../outbox/enqueue-event';
import { OutboxRelay } from '../outbox/outbox-relay';
import { RecordingTransport } from '../test-support/recording-transport';
import { envelope, recordingLogger, serviceSchema, uniqueName, waitFor } from '../test-support/test-helpers';
import { startIdempotentConsumer, type ConsumerOptions } from './idempotent-consumer';

jest.setTimeout(30_000);

describe('idempotent consumer', () => {
  let provider: DatabaseProvider;
  let db: Knex;
  let transport: RecordingTransport;
  let logger: ReturnType<typeof recordingLogger>;

  beforeAll(() => {
    provider = createDatabaseProvider({ dataDir: ':memory:' });
  });
  afterAll(() => provider.close());
  beforeEach(async () => {
    db = await serviceSchema(provider, uniqueName('consumer'));
    await db.schema.createTable('side_effects', (t) => t.text('event_id'));
    transport = new RecordingTransport();
    logger = recordingLogger();
  });

  const start = (handle: ConsumerOptions['handle'], options: Partial<ConsumerOptions> = {}) =>
    startIdempotentConsumer({ db, transport, group: 'billing', topics: ['test.events'], handle, logger, retryBaseMs: 1, ...options });

  const recordSideEffect = async (event: EventEnvelope, trx: Knex.Transaction) => {
    await trx('side_effects').insert({ event_id: event.id });
  };
  const sideEffects = () => db('side_effects').pluck<string[]>('event_id');

  it('subscribes its group to its topics from the beginning by default', async () => {
    await start(recordSideEffect);
    expect(transport.subscriptions[0]).toMatchObject({ group: 'billing', topics: ['test.events'], fromBeginning: true });
  });

  it('processes a duplicate delivery once', async () => {
    await start(recordSideEffect);
    const event = envelope();
    await transport.deliver(event);
    await transport.deliver(event);
    await transport.deliver({ ...event }); // a redelivered copy, not the same object
    expect(await sideEffects()).toEqual([event.id]);
    expect(await db('processed_events').select('consumer_group', 'event_id')).toEqual([{ consumer_group: 'billing', event_id: event.id }]);
  });

  it('dedupes per group: another group processes the same event again', async () => {
    const event = envelope();
    await start(recordSideEffect);
    await start(recordSideEffect, { group: 'analytics' });
    await transport.subscriptions[0].handler(event);
    await transport.subscriptions[1].handler(event);
    expect(await sideEffects()).toEqual([event.id, event.id]);
  });

  it('commits the side effect and the processed mark together: a failed attempt leaves neither', async () => {
    let attempts = 0;
    await start(async (event, trx) => {
      attempts++;
      await recordSideEffect(event, trx);
      if (attempts < 3) throw new Error('flaky downstream');
    });
    const event = envelope();
    await transport.deliver(event);
    expect(attempts).toBe(3);
    expect(await sideEffects()).toEqual([event.id]);
    expect(await db('dead_letters').count({ c: '*' })).toEqual([{ c: '0' }]);
  });

  it('parks a poison event in dead_letters after maxAttempts and keeps consuming', async () => {
    let poisonAttempts = 0;
    await start(
      async (event, trx) => {
        if (event.type === 'Poison') {
          poisonAttempts++;
          await recordSideEffect(event, trx);
          throw new Error('cannot handle this');
        }
        await recordSideEffect(event, trx);
      },
      { maxAttempts: 3 },
    );
    const poison = envelope({ type: 'Poison', payload: { bad: true } });
    const next = envelope();

    await expect(transport.deliver(poison)).resolves.toBeUndefined(); // not thrown back to the transport
    await transport.deliver(next);

    expect(poisonAttempts).toBe(3);
    expect(await sideEffects()).toEqual([next.id]);
    const [letter] = await db('dead_letters').select();
    expect(letter).toMatchObject({
      consumer_group: 'billing',
      event_id: poison.id,
      topic: poison.topic,
      type: 'Poison',
      envelope: poison,
      attempts: 3,
      dead_at: expect.any(Date),
    });
    expect(letter.error).toContain('cannot handle this');
    expect(logger.error).toHaveBeenCalledWith('event consumer: parking event in dead_letters', expect.objectContaining({ eventId: poison.id }));

    // A redelivery of the parked event is skipped rather than retried and parked again.
    await transport.deliver(poison);
    expect(poisonAttempts).toBe(3);
  });

  it('throws to the transport when even parking fails, so the event is not lost', async () => {
    await start(async () => {
      throw new Error('handler broken');
    }, { maxAttempts: 1 });
    await db.schema.dropTable('dead_letters');
    await expect(transport.deliver(envelope())).rejects.toThrow(/dead_letters/);
  });
});

describe('outbox → embedded log → idempotent consumer', () => {
  it('delivers a committed event from one service schema to another exactly once', async () => {
    const provider = createDatabaseProvider({ dataDir: ':memory:' });
    const log = createEmbeddedLogTransport({ db: provider, pollIntervalMs: 20, logger: recordingLogger() });
    const producer = await serviceSchema(provider, 'producer_svc');
    const consumer = await serviceSchema(provider, 'consumer_svc');
    await consumer.schema.createTable('inbox', (t) => t.text('event_id'));
    const relay = new OutboxRelay({ db: producer, transport: log, pollIntervalMs: 20 });
    try {
      await startIdempotentConsumer({
        db: consumer,
        transport: log,
        group: 'consumer-svc',
        topics: ['orders.events'],
        handle: async (event, trx) => {
          await trx('inbox').insert({ event_id: event.id });
        },
      });
      relay.start();
      const sent = await producer.transaction((trx) =>
        enqueueEvent(trx, { topic: 'orders.events', key: 'o-1', type: 'OrderPlaced', payload: { total: 5 } }, new Date()),
      );
      relay.kick();
      await waitFor(async () => (await consumer('inbox').count({ c: '*' }))[0].c === '1');
      // Republishing the same envelope (what a relay crash between publish and mark causes) is deduped.
      await log.publish([sent]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await consumer('inbox').pluck('event_id')).toEqual([sent.id]);
    } finally {
      await relay.stop();
      await log.close();
      await provider.close();
    }
  });
});
