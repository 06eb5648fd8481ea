import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import type { Knex } from 'knex';
import { RecordingTransport } from '../testing/recording-transport';
import { recordingLogger, serviceSchema, sleep, uniqueName, waitFor } from '../testing/test-helpers';
import { claimOutboxBatch } from './claim-outbox-batch';
import { enqueueEvent, enqueueEventIfInserted, enqueueEvents, type OutboxEvent } from './enqueue-event';
import { OutboxRelay } from './outbox-relay';

jest.setTimeout(30_000);

const NOW = new Date('2024-05-01T10:00:00Z');
const event = (payload: unknown, key = 'order-1'): OutboxEvent => ({ topic: 'orders.events', key, type: 'OrderChanged', payload });

describe('outbox', () => {
  let provider: DatabaseProvider;
  let db: Knex;
  let transport: RecordingTransport;
  const relays: OutboxRelay[] = [];
  const relay = (options: Partial<ConstructorParameters<typeof OutboxRelay>[0]> = {}) => {
    const created = new OutboxRelay({ db, transport, logger: recordingLogger(), ...options });
    relays.push(created);
    return created;
  };

  beforeAll(() => {
    provider = createDatabaseProvider({ dataDir: ':memory:' });
  });
  afterAll(() => provider.close());
  beforeEach(async () => {
    db = await serviceSchema(provider, uniqueName('svc'));
    transport = new RecordingTransport();
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
  });

  it('enqueueEvents stores several events with one insert, in order', async () => {
    const inserts: string[] = [];
    const watch = (q: { sql: string }) => void (/^insert into "outbox"/.test(q.sql) && inserts.push(q.sql));
    db.on('query', watch);
    const stored = await db.transaction((trx) => enqueueEvents(trx, [event(1), event(2), event(3, 'order-2')], NOW));
    db.off('query', watch);
    expect(inserts).toHaveLength(1);
    const rows = await db('outbox').orderBy('id').select('event_id', 'key');
    expect(rows).toEqual(stored.map((e) => ({ event_id: e.id, key: e.key })));
  });

  it('enqueueEventIfInserted writes the row and its event in one statement, and nothing for a repeat', async () => {
    await db.schema.createTable('callbacks', (t) => {
      t.increments('id');
      t.text('provider_event_id').unique();
    });
    const insertOf = (id: string) => db('callbacks').insert({ provider_event_id: id }).onConflict('provider_event_id').ignore().returning('id');
    const statements: string[] = [];
    const watch = (q: { sql: string }) => void statements.push(q.sql);
    db.on('query', watch);
    const first = await enqueueEventIfInserted(db, insertOf('evt-1'), event({ n: 1 }), NOW);
    db.off('query', watch);
    const repeat = await enqueueEventIfInserted(db, insertOf('evt-1'), event({ n: 2 }), NOW);
    expect(statements).toHaveLength(1);
    expect(first).toMatchObject({ type: 'OrderChanged', payload: { n: 1 } });
    expect(repeat).toBeUndefined();
    expect(await db('callbacks').count({ n: '*' })).toEqual([{ n: '1' }]);
    expect((await db('outbox').select('event_id')).map((r) => r.event_id)).toEqual([first!.id]);
  });

  it('enqueueEvent returns the envelope it stored', async () => {
    const stored = await db.transaction((trx) =>
      enqueueEvent(trx, { ...event({ total: 5 }), version: 2, traceparent: '00-abc-def-01' }, NOW),
    );
    expect(stored).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      type: 'OrderChanged',
      version: 2,
      topic: 'orders.events',
      key: 'order-1',
      occurredAt: '2024-05-01T10:00:00.000Z',
      traceparent: '00-abc-def-01',
      payload: { total: 5 },
    });
    expect(await db('outbox').select('event_id', 'envelope')).toEqual([{ event_id: stored.id, envelope: stored }]);
  });

  it('publishes nothing for an event enqueued in a rolled-back transaction', async () => {
    await expect(
      db.transaction(async (trx) => {
        await enqueueEvent(trx, event('doomed'), NOW);
        throw new Error('business rule violated');
      }),
    ).rejects.toThrow('business rule violated');

    expect(await relay().publishPending()).toBe(0);
    expect(transport.published).toEqual([]);
  });

  it('publishes a committed event exactly once', async () => {
    const stored = await db.transaction((trx) => enqueueEvent(trx, event('once'), NOW));
    const r = relay();
    expect(await r.publishPending()).toBe(1);
    expect(await r.publishPending()).toBe(0);
    expect(transport.published).toEqual([stored]);
    expect(await db('outbox').whereNull('published_at').count({ c: '*' })).toEqual([{ c: '0' }]);
  });

  it('keeps creation order per key across batches', async () => {
    for (let n = 1; n <= 6; n++) {
      await db.transaction((trx) => enqueueEvent(trx, event(n, n % 2 ? 'odd' : 'even'), NOW));
    }
    const r = relay({ batchSize: 2 });
    while ((await r.publishPending()) > 0);
    const byKey = (key: string) => transport.published.filter((e) => e.key === key).map((e) => e.payload);
    expect(byKey('odd')).toEqual([1, 3, 5]);
    expect(byKey('even')).toEqual([2, 4, 6]);
  });

  it('publishes soon after kick() without waiting for the poll interval', async () => {
    const r = relay({ pollIntervalMs: 60_000 });
    r.start();
    await sleep(50); // first pass found nothing; the relay now sleeps for a minute
    await db.transaction((trx) => enqueueEvent(trx, event('kicked'), NOW));
    r.kick();
    await waitFor(() => transport.published.length === 1, 2_000, 'kicked publish');
  });

  it('polls on its own when nobody kicks', async () => {
    relay({ pollIntervalMs: 20 }).start();
    await db.transaction((trx) => enqueueEvent(trx, event('polled'), NOW));
    await waitFor(() => transport.published.length === 1, 2_000, 'polled publish');
  });

  it('publishes every event exactly once across a relay restart', async () => {
    const first = relay({ pollIntervalMs: 10 });
    first.start();
    await db.transaction((trx) => enqueueEvent(trx, event('before'), NOW));
    await waitFor(() => transport.published.length === 1);
    await first.stop();

    await db.transaction((trx) => enqueueEvent(trx, event('while down'), NOW));
    await sleep(50);
    expect(transport.published).toHaveLength(1); // a stopped relay publishes nothing

    relay({ pollIntervalMs: 10 }).start();
    await waitFor(() => transport.published.length === 2);
    await sleep(50);
    expect(transport.published.map((e) => e.payload)).toEqual(['before', 'while down']);
  });

  it('does not double-publish when two relays (replicas) run at once', async () => {
    for (let n = 1; n <= 20; n++) await db.transaction((trx) => enqueueEvent(trx, event(n, `k${n % 3}`), NOW));
    const [a, b] = [relay({ batchSize: 3 }), relay({ batchSize: 3 })];
    const drain = async (r: OutboxRelay) => {
      while ((await r.publishPending()) > 0);
    };
    await Promise.all([drain(a), drain(b), drain(a), drain(b)]);
    expect(transport.published.map((e) => e.payload).sort((x, y) => Number(x) - Number(y))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
  });

  it('republishes after a failed publish (at-least-once) and marks nothing published meanwhile', async () => {
    await db.transaction((trx) => enqueueEvent(trx, event('retry me'), NOW));
    transport.beforePublish = () => {
      throw new Error('broker down');
    };
    const r = relay();
    await expect(r.publishPending()).rejects.toThrow('broker down');
    expect(await db('outbox').whereNotNull('published_at').count({ c: '*' })).toEqual([{ c: '0' }]);

    transport.beforePublish = undefined;
    expect(await r.publishPending()).toBe(1); // the claim was released, no need to wait for the lease
    expect(transport.published.map((e) => e.payload)).toEqual(['retry me']);
  });

  it('leaves rows claimed by a relay that died to others until the lease expires, then republishes them', async () => {
    await db.transaction((trx) => enqueueEvent(trx, event('orphaned'), NOW));
    await claimOutboxBatch(db, 10, 300); // a replica claims and then crashes before marking

    const survivor = relay();
    expect(await survivor.publishPending()).toBe(0);
    await sleep(350);
    expect(await survivor.publishPending()).toBe(1);
    expect(transport.published.map((e) => e.payload)).toEqual(['orphaned']);
  });

  it('holds back later events of a key whose earlier event another replica is still publishing', async () => {
    await db.transaction((trx) => enqueueEvent(trx, event('a1', 'a'), NOW));
    await db.transaction((trx) => enqueueEvent(trx, event('a2', 'a'), NOW));
    await db.transaction((trx) => enqueueEvent(trx, event('b1', 'b'), NOW));
    const otherReplica = await claimOutboxBatch(db, 1, 60_000);
    expect(otherReplica.map((c) => c.envelope.payload)).toEqual(['a1']);

    await relay().publishPending();
    expect(transport.published.map((e) => e.payload)).toEqual(['b1']);
  });

  it('stop() waits for the pass in flight', async () => {
    await db.transaction((trx) => enqueueEvent(trx, event('slow'), NOW));
    let finishPublish!: () => void;
    transport.beforePublish = () => new Promise<void>((resolve) => (finishPublish = resolve));
    const r = relay();
    r.start();
    await waitFor(() => finishPublish !== undefined);
    let stopped = false;
    const stopping = r.stop().then(() => (stopped = true));
    await sleep(30);
    expect(stopped).toBe(false);
    finishPublish();
    await stopping;
    expect(await db('outbox').whereNotNull('published_at').count({ c: '*' })).toEqual([{ c: '1' }]);
  });
});
