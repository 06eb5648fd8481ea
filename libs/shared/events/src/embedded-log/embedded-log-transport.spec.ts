import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import type { EventEnvelope } from '../event-envelope';
import type { EventTransport } from '../event-transport';
import type { Knex } from 'knex';
import { enqueueEvents } from '../outbox/enqueue-event';
import { OutboxRelay } from '../outbox/outbox-relay';
import { envelope, recordingLogger, serviceSchema, sleep, waitFor } from '../testing/test-helpers';
import { OFFSET_COMMIT_INTERVAL_MS } from './embedded-log-subscription';
import { createEmbeddedLogTransport } from './embedded-log-transport';

jest.setTimeout(30_000);

const payloadsOf = (events: EventEnvelope[]) => events.map((e) => e.payload);

describe('embedded log transport', () => {
  let provider: DatabaseProvider;
  let transport: EventTransport;
  const logger = recordingLogger();

  beforeEach(() => {
    provider = createDatabaseProvider({ dataDir: ':memory:' });
    transport = createEmbeddedLogTransport({ db: provider, pollIntervalMs: 50, logger });
  });
  afterEach(async () => {
    await transport.close();
    await provider.close();
  });

  it('delivers events to a subscriber in publish order, as the envelopes that were published', async () => {
    const events = [
      envelope({ key: 'a', payload: { n: 1 }, traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' }),
      envelope({ key: 'b', payload: { n: 2 } }),
      envelope({ key: 'a', payload: { n: 3 } }),
    ];
    await transport.publish(events.slice(0, 2));
    await transport.publish(events.slice(2));

    const received: EventEnvelope[] = [];
    await transport.subscribe({ group: 'g', topics: ['test.events'], fromBeginning: true, handler: async (e) => void received.push(e) });

    await waitFor(() => received.length === 3);
    expect(received).toEqual(events);
  });

  it('commits a fetched run of events with one offset update, not one per event', async () => {
    const commits: string[] = [];
    provider.forSchema('eventlog').on('query', (q: { sql: string }) => {
      if (/update "?consumer_offsets"?/.test(q.sql)) commits.push(q.sql);
    });
    await transport.publish([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((n) => envelope({ payload: n })));
    const received: unknown[] = [];
    await transport.subscribe({ group: 'g', topics: ['test.events'], fromBeginning: true, handler: async (e) => void received.push(e.payload) });
    await waitFor(() => received.length === 10);
    await sleep(100);
    expect(received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(commits).toHaveLength(1);
  });

  it('a busy group writes its offsets at most once per commit interval, and its last position when the interval ends', async () => {
    const db = provider.forSchema('eventlog');
    const commits: string[] = [];
    db.on('query', (q: { sql: string }) => {
      if (/update "?consumer_offsets"?/.test(q.sql)) commits.push(q.sql);
    });
    const received: unknown[] = [];
    await transport.subscribe({ group: 'busy', topics: ['test.events'], fromBeginning: true, handler: async (e) => void received.push(e.payload) });
    // Ten publishes apart: ten fetched runs of one event each.
    for (let n = 1; n <= 10; n++) {
      await transport.publish([envelope({ payload: n })]);
      await waitFor(() => received.length === n);
    }
    const committedSoFar = commits.length;
    await sleep(OFFSET_COMMIT_INTERVAL_MS + 200);
    // Each event once: a position not yet committed is not fetched again.
    expect(received).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(committedSoFar).toBeLessThanOrEqual(2);
    expect(commits.length).toBeLessThanOrEqual(committedSoFar + 1);
    const [last] = await db('events').orderBy('log_offset', 'desc').limit(1).select('log_offset');
    const [offset] = await db('consumer_offsets').where({ consumer_group: 'busy', topic: 'test.events' }).select('log_offset');
    expect(String(offset.log_offset)).toBe(String(last.log_offset));
  });

  it("never moves a group's offset back behind another member's commit", async () => {
    const db = provider.forSchema('eventlog');
    await transport.publish([envelope({ payload: 1 }), envelope({ payload: 2 })]);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const received: unknown[] = [];
    const subscription = await transport.subscribe({
      group: 'pair',
      topics: ['test.events'],
      fromBeginning: true,
      handler: async (e) => {
        if (e.payload === 2) await held;
        received.push(e.payload);
      },
    });
    await waitFor(() => received.length === 1);
    // While this member handles event 2, another member of the group commits further.
    await db('consumer_offsets').where({ consumer_group: 'pair' }).update({ log_offset: 1_000_000 });
    release();
    await waitFor(() => received.length === 2);
    await subscription.stop();
    const [offset] = await db('consumer_offsets').where({ consumer_group: 'pair', topic: 'test.events' }).select('log_offset');
    expect(String(offset.log_offset)).toBe('1000000');
  });

  it('commits a run that spans two topics with one offset update, each topic moved to its own last event', async () => {
    const commits: string[] = [];
    const db = provider.forSchema('eventlog');
    db.on('query', (q: { sql: string }) => {
      if (/update "?consumer_offsets"?/.test(q.sql)) commits.push(q.sql);
    });
    await transport.publish([envelope({ topic: 'one', payload: 1 }), envelope({ topic: 'two', payload: 2 }), envelope({ topic: 'one', payload: 3 }), envelope({ topic: 'other', payload: 'x' })]);
    const received: unknown[] = [];
    await transport.subscribe({ group: 'g2', topics: ['one', 'two'], fromBeginning: true, handler: async (e) => void received.push(e.payload) });
    await waitFor(() => received.length === 3);
    await sleep(100);
    expect(received).toEqual([1, 2, 3]);
    expect(commits).toHaveLength(1);
    const offsets = await db('consumer_offsets').where({ consumer_group: 'g2' }).orderBy('topic').select('topic', 'log_offset');
    const logged = await db('events').orderBy('log_offset').select('topic', 'log_offset');
    const lastOf = (topic: string) => String(logged.filter((e) => e.topic === topic).at(-1)!.log_offset);
    expect(offsets.map((o) => [o.topic, String(o.log_offset)])).toEqual([
      ['one', lastOf('one')],
      ['two', lastOf('two')],
    ]);
  });

  /** A transport on a fresh database polling far less often than a test lasts: every fetch counted is one a subscription chose to make. */
  const countingFetchesWithoutPolls = async () => {
    await transport.close();
    await provider.close();
    provider = createDatabaseProvider({ dataDir: ':memory:' });
    transport = createEmbeddedLogTransport({ db: provider, pollIntervalMs: 60_000, logger });
    const counted = { fetches: 0 };
    provider.forSchema('eventlog').on('query', (q: { sql: string }) => {
      if (/from "events"/.test(q.sql)) counted.fetches++;
    });
    return counted;
  };

  it('after handling all there was, waits for the next publish instead of fetching again at once', async () => {
    const counted = await countingFetchesWithoutPolls();
    const received: unknown[] = [];
    await transport.subscribe({ group: 'g', topics: ['test.events'], fromBeginning: true, handler: async (e) => void received.push(e.payload) });
    await waitFor(() => counted.fetches > 0); // its first look, finding nothing
    await sleep(50);
    const atRest = counted.fetches;
    for (let n = 1; n <= 3; n++) {
      await transport.publish([envelope({ payload: n })]);
      await waitFor(() => received.length === n);
      await sleep(30);
    }
    expect(received).toEqual([1, 2, 3]);
    // One fetch per publish: none that comes back empty.
    expect(counted.fetches - atRest).toBe(3);
  });

  it('leaves a publish of only event types a subscriber passes over for later, and delivers them in order with the next wanted one', async () => {
    const counted = await countingFetchesWithoutPolls();
    const received: EventEnvelope[] = [];
    const wantsShipped = { group: 'shipping', topics: ['test.events'], eventTypes: ['OrderShipped'], fromBeginning: true };
    await transport.subscribe({ ...wantsShipped, handler: async (e) => void received.push(e) });
    await waitFor(() => counted.fetches > 0); // its first look, finding nothing
    await sleep(50);
    const atRest = counted.fetches;

    await transport.publish([envelope({ type: 'OrderChanged', payload: 1 }), envelope({ type: 'OrderChanged', payload: 2 })]);
    await sleep(200);
    expect(counted.fetches - atRest).toBe(0);
    expect(received).toEqual([]);

    await transport.publish([envelope({ type: 'OrderShipped', payload: 3 })]);
    await waitFor(() => received.length === 3);
    expect(received.map((e) => [e.type, e.payload])).toEqual([
      ['OrderChanged', 1],
      ['OrderChanged', 2],
      ['OrderShipped', 3],
    ]);
    expect(counted.fetches - atRest).toBe(1);
  });

  it('only delivers the subscribed topics', async () => {
    const received: EventEnvelope[] = [];
    await transport.subscribe({ group: 'g', topics: ['wanted'], fromBeginning: true, handler: async (e) => void received.push(e) });
    await transport.publish([envelope({ topic: 'other', payload: 'x' }), envelope({ topic: 'wanted', payload: 'y' })]);
    await waitFor(() => received.length === 1);
    await sleep(150);
    expect(payloadsOf(received)).toEqual(['y']);
  });

  it('gives every group every event', async () => {
    const byGroup: Record<string, unknown[]> = { one: [], two: [] };
    for (const group of Object.keys(byGroup)) {
      await transport.subscribe({ group, topics: ['test.events'], fromBeginning: true, handler: async (e) => void byGroup[group].push(e.payload) });
    }
    await transport.publish([1, 2, 3].map((n) => envelope({ payload: n })));
    await waitFor(() => byGroup['one'].length === 3 && byGroup['two'].length === 3);
    expect(byGroup).toEqual({ one: [1, 2, 3], two: [1, 2, 3] });
  });

  it('starts a new group after the newest event unless fromBeginning', async () => {
    await transport.publish([envelope({ payload: 'old' })]);
    const received: unknown[] = [];
    await transport.subscribe({ group: 'late', topics: ['test.events'], handler: async (e) => void received.push(e.payload) });
    await transport.publish([envelope({ payload: 'new' })]);
    await waitFor(() => received.length === 1);
    await sleep(150);
    expect(received).toEqual(['new']);
  });

  it('wakes subscribers on publish instead of waiting for the next poll', async () => {
    const slowPolling = createEmbeddedLogTransport({ db: provider, pollIntervalMs: 60_000, logger });
    try {
      let receivedAt = 0;
      await slowPolling.subscribe({ group: 'g', topics: ['test.events'], handler: async () => void (receivedAt = Date.now()) });
      await sleep(50); // the subscriber is now idle, in its 60s sleep
      const publishedAt = Date.now();
      await slowPolling.publish([envelope()]);
      await waitFor(() => receivedAt > 0, 5_000);
      expect(receivedAt - publishedAt).toBeLessThan(1_000);
    } finally {
      await slowPolling.close();
    }
  });

  it('retries a failing handler and keeps order: the next event waits for the failed one', async () => {
    const seen: unknown[] = [];
    let failuresLeft = 2;
    await transport.subscribe({
      group: 'g',
      topics: ['test.events'],
      fromBeginning: true,
      handler: async (e) => {
        seen.push(e.payload);
        if (e.payload === 1 && failuresLeft-- > 0) throw new Error('transient');
      },
    });
    await transport.publish([envelope({ payload: 1 }), envelope({ payload: 2 })]);
    await waitFor(() => seen.includes(2));
    expect(seen).toEqual([1, 1, 1, 2]);
    expect(logger.error).toHaveBeenCalledWith('embedded log: handler failed, retrying', expect.objectContaining({ attempt: 1 }));
  });

  it('allows one subscriber per group and topic', async () => {
    await transport.subscribe({ group: 'g', topics: ['test.events'], handler: async () => undefined });
    await expect(transport.subscribe({ group: 'g', topics: ['test.events'], handler: async () => undefined })).rejects.toThrow(/already subscribed/);
  });

  it('stops promptly even while a handler is backing off, and refuses use after close', async () => {
    const subscription = await transport.subscribe({
      group: 'g',
      topics: ['test.events'],
      fromBeginning: true,
      handler: async () => {
        throw new Error('always');
      },
    });
    await transport.publish([envelope()]);
    await waitFor(() => logger.error.mock.calls.length > 0);
    const started = Date.now();
    await subscription.stop();
    expect(Date.now() - started).toBeLessThan(1_000);
    await transport.close();
    await transport.close(); // idempotent
    await expect(transport.publish([envelope()])).rejects.toThrow(/closed/);
  });
});

describe('embedded log transport across a restart', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'mp-eventlog-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  async function runPlatform<T>(fn: (transport: EventTransport) => Promise<T>): Promise<T> {
    const provider = createDatabaseProvider({ dataDir });
    const transport = createEmbeddedLogTransport({ db: provider, pollIntervalMs: 50, logger: recordingLogger() });
    try {
      return await fn(transport);
    } finally {
      await transport.close();
      await provider.close();
    }
  }

  it('resumes after the last committed offset: nothing lost, nothing delivered twice', async () => {
    const events = [1, 2, 3, 4, 5].map((n) => envelope({ payload: n }));
    const firstRun: unknown[] = [];
    await runPlatform(async (transport) => {
      await transport.publish(events.slice(0, 3));
      await transport.subscribe({
        group: 'g',
        topics: ['test.events'],
        fromBeginning: true,
        handler: async (e) => {
          // Event 3 never succeeds before the "crash": its offset must not be committed.
          if (e.payload === 3) throw new Error('not yet');
          firstRun.push(e.payload);
        },
      });
      await waitFor(() => firstRun.length === 2);
      await sleep(100); // event 3 is failing and being retried
    });
    expect(firstRun).toEqual([1, 2]);

    const secondRun: unknown[] = [];
    await runPlatform(async (transport) => {
      await transport.publish(events.slice(3));
      await transport.subscribe({ group: 'g', topics: ['test.events'], fromBeginning: true, handler: async (e) => void secondRun.push(e.payload) });
      await waitFor(() => secondRun.length === 3);
      await sleep(150);
    });
    expect(secondRun).toEqual([3, 4, 5]);
  });

  it('a stop mid-handler lets that call finish and commits it; the rest of the fetched run goes to the next member', async () => {
    const events = [1, 2, 3].map((n) => envelope({ payload: n }));
    const firstRun: unknown[] = [];
    await runPlatform(async (transport) => {
      await transport.publish(events);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let entered = false;
      const subscription = await transport.subscribe({
        group: 'g',
        topics: ['test.events'],
        fromBeginning: true,
        handler: async (e) => {
          entered = true;
          await held; // the handler in hand when SIGTERM comes
          firstRun.push(e.payload);
        },
      });
      await waitFor(() => entered);
      let stopped = false;
      const stopping = subscription.stop().then(() => (stopped = true));
      await sleep(100);
      expect(stopped).toBe(false); // it waits for the call in hand
      release();
      await stopping;
    });
    expect(firstRun).toEqual([1]);

    const secondRun: unknown[] = [];
    await runPlatform(async (transport) => {
      await transport.subscribe({ group: 'g', topics: ['test.events'], fromBeginning: true, handler: async (e) => void secondRun.push(e.payload) });
      await waitFor(() => secondRun.length === 2);
      await sleep(150);
    });
    expect(secondRun).toEqual([2, 3]); // 1 was committed before the stop ended: not handled twice
  });
});

describe('an outbox relayed into the embedded log of its own database', () => {
  let provider: DatabaseProvider;
  let transport: EventTransport;
  const relays: OutboxRelay[] = [];
  beforeEach(() => {
    provider = createDatabaseProvider({ dataDir: ':memory:' });
    // Polls far longer than the tests: what arrives was woken by the relay.
    transport = createEmbeddedLogTransport({ db: provider, pollIntervalMs: 60_000, logger: recordingLogger() });
  });
  afterEach(async () => {
    await Promise.all(relays.splice(0).map((r) => r.stop()));
    await transport.close();
    await provider.close();
  });
  const relayOf = (db: Knex) => {
    const relay = new OutboxRelay({ db, transport, pollIntervalMs: 60_000, logger: recordingLogger() });
    relays.push(relay);
    return relay;
  };
  const orderEvent = (n: number, key: string) => ({ topic: 'orders.events', key, type: 'OrderChanged', payload: n });

  it('moves a pass of rows in one statement, in creation order, each published once, and wakes the subscribers', async () => {
    const db = await serviceSchema(provider, 'orders');
    const received: Array<{ n: unknown; key: string }> = [];
    await transport.subscribe({ group: 'g', topics: ['orders.events'], handler: async (e) => void received.push({ n: e.payload, key: e.key }) });
    const stored = await db.transaction((trx) => enqueueEvents(trx, [orderEvent(1, 'a'), orderEvent(2, 'b'), orderEvent(3, 'a'), orderEvent(4, 'b')], new Date()));
    const relay = relayOf(db);
    const statements: string[] = [];
    const watch = (q: { sql: string }) => void statements.push(q.sql);
    db.on('query', watch);
    provider.forSchema('eventlog').on('query', watch);
    expect(await relay.publishPending()).toBe(4);
    db.off('query', watch);
    expect(statements).toHaveLength(1);

    await waitFor(() => received.length === 4);
    expect(received).toEqual([
      { n: 1, key: 'a' },
      { n: 2, key: 'b' },
      { n: 3, key: 'a' },
      { n: 4, key: 'b' },
    ]);
    const logged = await provider.forSchema('eventlog')('events').where({ topic: 'orders.events' }).orderBy('log_offset').select('event_id');
    expect(logged.map((row) => row.event_id)).toEqual(stored.map((e) => e.id));
    expect(await db('outbox').whereNull('published_at').select('id')).toEqual([]);
    // Nothing is left to move: a second pass moves none and appends nothing.
    expect(await relay.publishPending()).toBe(0);
    expect(await provider.forSchema('eventlog')('events').where({ topic: 'orders.events' }).select('event_id')).toHaveLength(4);
  });

  it('tells the subscribers which event types it moved: one acting on none of them is not woken', async () => {
    const db = await serviceSchema(provider, 'orders');
    let fetches = 0;
    provider.forSchema('eventlog').on('query', (q: { sql: string }) => {
      if (/from "events"/.test(q.sql)) fetches++;
    });
    const changed: unknown[] = [];
    const shipped: unknown[] = [];
    await transport.subscribe({ group: 'changes', topics: ['orders.events'], eventTypes: ['OrderChanged'], handler: async (e) => void changed.push(e.payload) });
    await transport.subscribe({ group: 'shipping', topics: ['orders.events'], eventTypes: ['OrderShipped'], handler: async (e) => void shipped.push(e.payload) });
    await waitFor(() => fetches >= 2); // each one's first look
    await sleep(50);
    const atRest = fetches;

    await db.transaction((trx) => enqueueEvents(trx, [orderEvent(1, 'a'), orderEvent(2, 'b')], new Date()));
    expect(await relayOf(db).publishPending()).toBe(2);
    await waitFor(() => changed.length === 2);
    await sleep(200);
    expect(changed).toEqual([1, 2]);
    expect(shipped).toEqual([]);
    expect(fetches - atRest).toBe(1); // the OrderChanged group's, not the shipping group's
  });

  it('publishes an outbox kept in another database the usual way: claim, publish, mark', async () => {
    const elsewhere = createDatabaseProvider({ dataDir: ':memory:' });
    try {
      const db = await serviceSchema(elsewhere, 'orders');
      const received: unknown[] = [];
      await transport.subscribe({ group: 'g', topics: ['orders.events'], handler: async (e) => void received.push(e.payload) });
      await db.transaction((trx) => enqueueEvents(trx, [orderEvent(1, 'a'), orderEvent(2, 'a')], new Date()));
      const statements: string[] = [];
      db.on('query', (q: { sql: string }) => void statements.push(q.sql));
      expect(await relayOf(db).publishPending()).toBe(2);
      expect(statements).toEqual([expect.stringMatching(/^with oldest as/), expect.stringMatching(/^update "outbox" set "published_at"/)]);
      await waitFor(() => received.length === 2);
      expect(received).toEqual([1, 2]);
    } finally {
      await Promise.all(relays.splice(0).map((r) => r.stop()));
      await elsewhere.close();
    }
  });
});
