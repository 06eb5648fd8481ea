import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import { assertRemoteCallAllowed } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import type { EventEnvelope } from '../event-envelope';
import { createEmbeddedLogTransport } from '../embedded-log/embedded-log-transport';
import { enqueueEvent } from '../outbox/enqueue-event';
import { OutboxRelay } from '../outbox/outbox-relay';
import { RecordingTransport } from '../testing/recording-transport';
import { envelope, recordingLogger, serviceSchema, uniqueName, waitFor } from '../testing/test-helpers';
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

  const start = (apply: ConsumerOptions['apply'], options: Partial<ConsumerOptions> = {}) =>
    startIdempotentConsumer({ db, transport, group: 'billing', topics: ['test.events'], apply, logger, retryBaseMs: 1, ...options });

  const recordSideEffect = async (trx: Knex.Transaction, event: EventEnvelope) => {
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
    await transport.deliver(event, 0);
    await transport.deliver(event, 1);
    expect(await sideEffects()).toEqual([event.id, event.id]);
  });

  it('commits the side effect and the processed mark together: a failed attempt leaves neither', async () => {
    let attempts = 0;
    await start(async (trx, event) => {
      attempts++;
      await recordSideEffect(trx, event);
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
      async (trx, event) => {
        if (event.type === 'Poison') {
          poisonAttempts++;
          await recordSideEffect(trx, event);
          throw new Error('cannot handle this');
        }
        await recordSideEffect(trx, event);
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

  it.each([
    ['its database is away', () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a service it asks answers unavailable', () => new DomainError('EXTERNAL_SERVICE_ERROR', 'A dependency is unavailable.', { retryAfterSeconds: 2 })],
  ])('never parks an event while %s: the transport gets the error and delivers it again after the outage', async (_, outage) => {
    let down = true;
    let attempts = 0;
    await start(
      async (trx, event) => {
        attempts++;
        if (down) throw outage();
        await recordSideEffect(trx, event);
      },
      { maxAttempts: 2, batchSize: 10 },
    );
    const event = envelope();
    await expect(transport.deliver(event)).rejects.toBeDefined();
    await expect(transport.deliverBatch([event, envelope()])).rejects.toBeDefined();
    expect(attempts).toBe(2); // once alone, once as the batch: no attempt counted toward parking
    expect(await db('dead_letters').count({ c: '*' })).toEqual([{ c: '0' }]);
    down = false;
    await transport.deliver(event);
    expect(await sideEffects()).toEqual([event.id]);
  });

  // The check every gRPC client call starts with (libs/shared/grpc/src/client.ts).
  const remoteCall = async (method = '/consent.v1.ConsentService/CheckSendPermission') => {
    assertRemoteCallAllowed(method);
    return { allowed: true };
  };

  it('refuses a remote call in apply at once, naming the consumer, and parks the event as a failed apply', async () => {
    await start(
      async (trx, event) => {
        await recordSideEffect(trx, event);
        await remoteCall();
      },
      { maxAttempts: 2 },
    );
    const event = envelope();
    const started = Date.now();
    await transport.deliver(event);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await sideEffects()).toEqual([]); // rolled back
    const [letter] = await db('dead_letters').select();
    expect(letter).toMatchObject({ event_id: event.id, attempts: 2 });
    expect(letter.error).toContain('event consumer "billing" (apply) called /consent.v1.ConsentService/CheckSendPermission');
  });

  it('refuses a query through db instead of trx in apply at once (the embedded database has one connection)', async () => {
    await start(
      async () => {
        await db('side_effects').select();
      },
      { maxAttempts: 1 },
    );
    const started = Date.now();
    await transport.deliver(envelope());
    expect(Date.now() - started).toBeLessThan(2_000);
    const [letter] = await db('dead_letters').select();
    expect(letter.error).toMatch(/outside the open transaction/);
  });

  it('runs prepare outside the transaction: its remote call and reads work, and apply gets what it prepared', async () => {
    const applied: unknown[] = [];
    await startIdempotentConsumer({
      db,
      transport,
      group: 'billing',
      topics: ['test.events'],
      logger,
      retryBaseMs: 1,
      prepare: async (event) => ({ permission: await remoteCall(), before: await db('side_effects').count({ c: '*' }), id: event.id }),
      apply: async (trx, prepared, event) => {
        applied.push(prepared);
        await recordSideEffect(trx, event);
      },
    });
    const event = envelope();
    await transport.deliver(event);
    expect(applied).toEqual([{ permission: { allowed: true }, before: [{ c: '0' }], id: event.id }]);
    expect(await sideEffects()).toEqual([event.id]);
  });

  it('retries prepare and apply together, and skips prepare for an event already processed', async () => {
    let prepares = 0;
    let applies = 0;
    await startIdempotentConsumer({
      db,
      transport,
      group: 'billing',
      topics: ['test.events'],
      logger,
      retryBaseMs: 1,
      prepare: async () => ++prepares,
      apply: async (trx, prepared, event) => {
        if (++applies === 1) throw new Error('flaky');
        await trx('side_effects').insert({ event_id: `${event.id}:${prepared}` });
      },
    });
    const event = envelope();
    await transport.deliver(event);
    await transport.deliver(event);
    expect(prepares).toBe(2); // fresh data for the retry; none for the duplicate
    expect(await sideEffects()).toEqual([`${event.id}:2`]);
  });

  it('passes over the event types it does not act on without touching the database', async () => {
    const applied: string[] = [];
    await start(
      async (trx, event) => {
        applied.push(event.type);
        await recordSideEffect(trx, event);
      },
      { eventTypes: ['Wanted'], batchSize: 10 },
    );
    const wanted = envelope({ type: 'Wanted' });
    await transport.deliverBatch([envelope({ type: 'Other' }), wanted, envelope({ type: 'Other' })]);
    await transport.deliver(envelope({ type: 'Other' }));
    expect(applied).toEqual(['Wanted']);
    expect(await db('processed_events').pluck('event_id')).toEqual([wanted.id]);
  });

  it('passes over the events its actionable step finds no work for: one read, no transaction, no processed id', async () => {
    const asked: unknown[][] = [];
    const statements: string[] = [];
    db.on('query', (q: { sql: string }) => statements.push(q.sql));
    await start(recordSideEffect, {
      batchSize: 10,
      eventTypes: ['Wanted'],
      actionable: async (events) => {
        asked.push(events.map((e) => e.payload));
        return events.filter((e) => (e.payload as { n: number }).n % 2 === 0);
      },
    });
    const [one, two, three, four] = [1, 2, 3, 4].map((n) => envelope({ type: 'Wanted', payload: { n } }));
    await transport.deliverBatch([one, envelope({ type: 'Other' }), three]);
    expect(statements).toEqual([]); // nothing to do: not even a transaction
    await transport.deliverBatch([one, two, three, four]);
    await transport.deliver(three);
    expect(asked).toEqual([[{ n: 1 }, { n: 3 }], [{ n: 1 }, { n: 2 }, { n: 3 }, { n: 4 }], [{ n: 3 }]]);
    expect((await sideEffects()).sort()).toEqual([two.id, four.id].sort());
    expect((await db('processed_events').pluck('event_id')).sort()).toEqual([two.id, four.id].sort());
  });

  describe('in batches', () => {
    it('applies a batch in one transaction that also records all its processed ids', async () => {
      const transactions = new Set<Knex.Transaction>();
      const visibleIds: number[] = [];
      await start(
        async (trx, event) => {
          transactions.add(trx);
          visibleIds.push(Number((await trx('processed_events').where('consumer_group', 'billing').count({ c: '*' }))[0].c));
          await recordSideEffect(trx, event);
        },
        { batchSize: 3 },
      );
      expect(transport.subscriptions[0]).toMatchObject({ maxBatchSize: 3 });
      const events = [envelope(), envelope(), envelope()];
      await transport.deliverBatch(events);
      expect(transactions.size).toBe(1);
      expect(visibleIds).toEqual([3, 3, 3]); // recorded in the transaction, before the first apply
      expect(await sideEffects()).toEqual(events.map((e) => e.id));
      expect(await db('processed_events').orderBy('event_id').pluck('event_id')).toEqual(events.map((e) => e.id).sort());
    });

    it('rolls a failed batch back whole, then applies its events one by one and parks only the bad one', async () => {
      const applies = new Map<string, number>();
      await start(
        async (trx, event) => {
          applies.set(event.id, (applies.get(event.id) ?? 0) + 1);
          await recordSideEffect(trx, event);
          if (event.type === 'Poison') throw new Error('cannot handle this');
        },
        { batchSize: 3, maxAttempts: 2 },
      );
      const [good, poison, later] = [envelope(), envelope({ type: 'Poison' }), envelope()];
      await transport.deliverBatch([good, poison, later]);
      expect(await sideEffects()).toEqual([good.id, later.id]); // the batch's own writes were rolled back
      expect([applies.get(good.id), applies.get(poison.id), applies.get(later.id)]).toEqual([2, 3, 1]);
      expect(await db('dead_letters').pluck('event_id')).toEqual([poison.id]);
      expect(logger.error).toHaveBeenCalledWith('event consumer: batch failed, applying its events one by one', expect.objectContaining({ group: 'billing' }));
    });

    it('skips the events of a batch already processed, and a repeated id within the batch', async () => {
      await start(recordSideEffect, { batchSize: 5 });
      const [first, second] = [envelope(), envelope()];
      await transport.deliver(first);
      await transport.deliverBatch([first, second, { ...second }]);
      expect(await sideEffects()).toEqual([first.id, second.id]);
    });
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
        apply: async (trx, event) => {
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
