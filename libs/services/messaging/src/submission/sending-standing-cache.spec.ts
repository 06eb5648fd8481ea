import { randomUUID } from 'node:crypto';
import { identityEvents, providerCallbackEvents, TOPICS, type identityV1 } from '@mp/contracts';
import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport, type EventTransport } from '@mp/events';
import type { Principal } from '@mp/grpc';
import { createLogger } from '@mp/telemetry';
import { FakeClients } from '../testing/fake-clients';
import { assertMaySend } from './sending-standing';
import { listenForStandingChanges, SendingStandingCache, withCachedSendingStanding, type StandingChangeListener } from './sending-standing-cache';

jest.setTimeout(30_000);

const ACTIVE: identityV1.SendingStanding = { accountStatus: 'active', subscriptionActive: true, dailyQuota: 10 };
const logger = createLogger('silent');

function liveCache(options: { ttlMs?: number; maxEntries?: number } = {}) {
  let monotonic = 0;
  const cache = new SendingStandingCache({ ...options, now: () => monotonic });
  cache.goLive();
  let asked = 0;
  let answer: identityV1.SendingStanding = ACTIVE;
  const get = (accountId: string, subaccountId?: string) =>
    cache.standing({ accountId, subaccountId }, async () => {
      asked++;
      return answer;
    });
  return {
    cache,
    get,
    asked: () => asked,
    answer: (standing: identityV1.SendingStanding) => void (answer = standing),
    advance: (ms: number) => void (monotonic += ms),
  };
}

describe('sending-standing cache', () => {
  it('keeps a standing per account and subaccount until its TTL', async () => {
    const c = liveCache({ ttlMs: 1000 });
    await c.get('a1');
    await c.get('a1', 's1');
    await c.get('a1');
    await c.get('a1', 's1');
    expect(c.asked()).toBe(2);
    c.advance(1000);
    await c.get('a1');
    expect(c.asked()).toBe(3);
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const c = liveCache({ maxEntries: 2 });
    await c.get('a1');
    await c.get('a2');
    await c.get('a1');
    await c.get('a3'); // drops a2
    expect(c.cache.size).toBe(2);
    await c.get('a1');
    expect(c.asked()).toBe(3);
    await c.get('a2');
    expect(c.asked()).toBe(4);
  });

  it('evicts every standing of an account, and only of it', async () => {
    const c = liveCache();
    await c.get('a1');
    await c.get('a1', 's1');
    await c.get('a2');
    c.cache.evictAccount('a1');
    await c.get('a2');
    expect(c.asked()).toBe(3);
    await c.get('a1');
    await c.get('a1', 's1');
    expect(c.asked()).toBe(5);
  });

  it('keeps only standings that allow sending, so a restored account sends at once', async () => {
    const c = liveCache();
    c.answer({ ...ACTIVE, subscriptionActive: false });
    await c.get('a1');
    c.answer({ ...ACTIVE, accountStatus: 'pending' });
    await c.get('a1');
    c.answer(ACTIVE);
    expect(await c.get('a1')).toEqual(ACTIVE);
    expect(c.asked()).toBe(3);
  });

  it('does not keep an answer asked for before an eviction, nor anything while dark', async () => {
    const c = liveCache();
    let release!: () => void;
    const slow = c.cache.standing({ accountId: 'a1' }, () => new Promise((resolve) => (release = () => resolve(ACTIVE))));
    await new Promise((resolve) => setImmediate(resolve)); // the standing version is read before identity is asked
    c.cache.evictAccount('a1');
    release();
    await slow;
    await c.get('a1');
    expect(c.asked()).toBe(1);

    c.cache.goDark();
    expect(c.cache.size).toBe(0);
    await c.get('a9');
    await c.get('a9');
    expect(c.asked()).toBe(3);
  });

  it('asks identity again on every replica once the account\'s standing version went up, before any event', async () => {
    const versions = new Map<string, string>();
    const versionOf = async (accountId: string) => versions.get(accountId) ?? '0';
    let answer = ACTIVE;
    let asked = 0;
    const replicas = [new SendingStandingCache({ versionOf }), new SendingStandingCache({ versionOf })];
    const get = (cache: SendingStandingCache, accountId = 'a1') =>
      cache.standing({ accountId }, async () => {
        asked++;
        return answer;
      });
    for (const cache of replicas) {
      cache.goLive();
      await get(cache);
      await get(cache);
      await get(cache, 'a2');
    }
    expect(asked).toBe(4);
    // What NoteStandingChange does once identity applied the change: no eviction event has arrived.
    answer = { ...ACTIVE, subscriptionActive: false };
    versions.set('a1', '1');
    for (const cache of replicas) expect(await get(cache)).toEqual(answer);
    await get(replicas[0], 'a2');
    expect(asked).toBe(6); // a2 is still held
  });

  it('still checks every send against the held standing, and refusals are never served from it', async () => {
    const clients = new FakeClients();
    const cache = new SendingStandingCache();
    cache.goLive();
    const cached = withCachedSendingStanding(clients, cache);
    const principal: Principal = { kind: 'user', accountId: 'a1', rights: [] };
    await assertMaySend(cached, principal, 'a1', undefined);
    await assertMaySend(cached, principal, 'a1', undefined);
    expect(clients.calls.filter((c) => c === 'identity.getSendingStanding')).toHaveLength(1);

    clients.standing = { accountStatus: 'active', subscriptionActive: false };
    cache.evictAccount('a1');
    await expect(assertMaySend(cached, principal, 'a1', undefined)).rejects.toMatchObject({ code: 'NO_ACTIVE_SUBSCRIPTION' });
    await expect(assertMaySend(cached, principal, 'a1', undefined)).rejects.toMatchObject({ code: 'NO_ACTIVE_SUBSCRIPTION' });
    expect(clients.calls.filter((c) => c === 'identity.getSendingStanding')).toHaveLength(3);
  });
});

/**
 * Two messaging replicas (a cache, listener and consumer group each, and a
 * transport each, as two processes) on one database's embedded event log.
 * Issue 13: a change announced by identity (or the payment processor) stops
 * both from using the old standing within 1 second.
 */
describe('sending-standing cache across messaging replicas', () => {
  let databases: DatabaseProvider;
  let publisher: EventTransport;
  let replicas: Array<{ transport: EventTransport; cache: SendingStandingCache; listener: StandingChangeListener; get(): Promise<unknown>; asked(): number }>;
  const ACCOUNT = randomUUID();
  let standing: identityV1.SendingStanding;

  beforeEach(async () => {
    databases = createDatabaseProvider({ dataDir: ':memory:' });
    publisher = createEmbeddedLogTransport({ db: databases, logger });
    standing = ACTIVE;
    replicas = [];
    for (let i = 0; i < 2; i++) {
      const transport = createEmbeddedLogTransport({ db: databases, logger });
      const cache = new SendingStandingCache();
      const listener = listenForStandingChanges({ transport, cache, logger });
      expect(await listener.whenLive()).toBe(true);
      let asked = 0;
      const get = () =>
        cache.standing({ accountId: ACCOUNT, subaccountId: undefined }, async () => {
          asked++;
          return standing;
        });
      replicas.push({ transport, cache, listener, get, asked: () => asked });
    }
    expect(replicas[0].listener.group).not.toBe(replicas[1].listener.group);
  });

  afterEach(async () => {
    for (const r of replicas) {
      await r.listener.stop();
      await r.transport.close();
    }
    await publisher.close();
    await databases.close();
  });

  const publish = (topic: string, type: string, payload: unknown) =>
    publisher.publish([{ id: randomUUID(), type, version: 1, topic, key: ACCOUNT, occurredAt: new Date().toISOString(), payload }]);

  /** Polls for at most 1 s until every replica asks identity again (its entry was evicted). */
  async function everyReplicaAsksWithinOneSecond(): Promise<void> {
    const before = replicas.map((r) => r.asked());
    const started = Date.now();
    for (;;) {
      for (const r of replicas) await r.get();
      if (replicas.every((r, i) => r.asked() > before[i])) return;
      if (Date.now() - started > 1000) throw new Error('a replica still used its cached standing after 1 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  const warm = async () => {
    for (const r of replicas) await r.get();
    for (const r of replicas) await r.get();
    expect(replicas.map((r) => r.asked())).toEqual([1, 1]);
  };

  it.each([
    ['SubscriptionChanged', TOPICS.identity, () => identityEvents.SubscriptionChanged.toJSON({ accountId: ACCOUNT, status: 'canceled' })],
    ['AccessChanged', TOPICS.identity, () => identityEvents.AccessChanged.toJSON({ accountId: ACCOUNT, subaccountId: randomUUID(), reason: 'subaccount_updated' })],
    [
      'PaymentSubscriptionUpdated',
      TOPICS.billing,
      () => providerCallbackEvents.PaymentSubscriptionUpdated.toJSON({ providerEventId: 'evt_1', accountId: ACCOUNT, subscriptionStatus: 'canceled', occurredAt: '' }),
    ],
  ])('%s evicts the account on every replica within 1 s', async (type, topic, payload) => {
    await warm();
    await publish(topic, type, payload());
    await everyReplicaAsksWithinOneSecond();
  });

  it('events of other accounts or kinds evict nothing', async () => {
    await warm();
    await publish(TOPICS.identity, 'SubscriptionChanged', identityEvents.SubscriptionChanged.toJSON({ accountId: randomUUID(), status: 'canceled' }));
    await publish(TOPICS.identity, 'AccountRegistered', { accountId: ACCOUNT });
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const r of replicas) await r.get();
    expect(replicas.map((r) => r.asked())).toEqual([1, 1]);
  });
});
