import type { ApiClient } from './support/api-client';
import { signUp, waitForStatus } from './support/journeys';
import { bootPlatform, temporaryDataDir, type BootedPlatform } from './support/platform-fixture';

/**
 * spec 6.1-6.2: each lifecycle change leaves through messaging's outbox once,
 * with the clientReference, the previous state, a reason and the new state,
 * also when the process restarts between the steps of a message's life.
 */
interface OutboxEvent {
  type: string;
  key: string;
  published: boolean;
  payload: { messageId: string; clientReference?: string; previousState?: string; state: string; reason?: string };
}

async function outboxEvents(booted: BootedPlatform, messageIds: string[]): Promise<OutboxEvent[]> {
  const rows = await booted.platform.adapters.databases
    .forSchema('messaging')('outbox')
    .whereIn('key', messageIds)
    .orderBy('id')
    .select('type', 'key', 'envelope', 'published_at');
  return rows.map((r: { type: string; key: string; envelope: unknown; published_at: unknown }) => {
    const envelope = (typeof r.envelope === 'string' ? JSON.parse(r.envelope) : r.envelope) as { payload: OutboxEvent['payload'] };
    return { type: r.type, key: r.key, published: r.published_at !== null, payload: envelope.payload };
  });
}

const setBehavior = (api: ApiClient, token: string, destination: string, outcome: string, afterSeconds?: number) =>
  api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(destination)}`, { token, body: { outcome, afterSeconds } });

describe('message lifecycle events across a restart', () => {
  it('writes each transition event exactly once, with reference, previous state, reason and new state', async () => {
    const data = temporaryDataDir();
    // Few carrier tries, so the dead-letter path ends within the test.
    const env = { DATA_DIR: data.dir, DISPATCH_MAX_ATTEMPTS: '2' };
    const ids: Record<string, string> = {};
    let user: Awaited<ReturnType<typeof signUp>>;
    try {
      // First life: everything is accepted; some messages reach the carrier, whose receipts come later.
      const first = await bootPlatform(env);
      try {
        user = await signUp(first.api, 'events');
        const token = user.accessToken;
        expect((await setBehavior(first.api, token, '+14155550201', 'delivered', 60)).status).toBe(200);
        expect((await setBehavior(first.api, token, '+14155550202', 'undelivered', 60)).status).toBe(200);
        expect((await setBehavior(first.api, token, '+14155550203', 'failed')).status).toBe(200);
        expect((await setBehavior(first.api, token, '+14155550204', 'unavailable')).status).toBe(200);
        const now = new Date((await first.api.get('/v1/sandbox/clock')).body.now).getTime();
        const sends: Array<[string, Record<string, unknown>]> = [
          ['delivered', { destination: '+14155550201' }],
          ['undelivered', { destination: '+14155550202' }],
          ['refused', { destination: '+14155550203' }],
          ['deadLettered', { destination: '+14155550204' }],
          [
            'expired',
            { destination: '+14155550205', sendAt: new Date(now + 90_000).toISOString(), expiresAt: new Date(now + 95_000).toISOString() },
          ],
        ];
        for (const [name, fields] of sends) {
          const sent = await first.api.post(`/v1/accounts/${user.accountId}/messages`, {
            token,
            body: { body: `event test ${name}`, clientReference: `ref-${name}`, ...fields },
          });
          expect([sent.status, sent.body.detail]).toEqual([201, undefined]);
          ids[name] = sent.body.messageId;
        }
        await waitForStatus(first.api, user, ids.delivered, ['dispatched']);
        await waitForStatus(first.api, user, ids.undelivered, ['dispatched']);
        await waitForStatus(first.api, user, ids.refused, ['failed']);
      } finally {
        await first.stop();
      }

      // Second life on the same data: the receipts arrive, the schedule comes due, the retries run out.
      const second = await bootPlatform(env);
      let before: OutboxEvent[];
      try {
        const login = await second.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
        expect(login.status).toBe(200);
        const who = { accountId: user.accountId, accessToken: login.body.accessToken };
        expect((await second.api.post('/v1/sandbox/clock/advance', { token: who.accessToken, body: { seconds: 120 } })).status).toBe(200);
        await waitForStatus(second.api, who, ids.delivered, ['delivered']);
        await waitForStatus(second.api, who, ids.undelivered, ['undelivered']);
        await waitForStatus(second.api, who, ids.expired, ['expired']);
        await waitForStatus(second.api, who, ids.deadLettered, ['failed']);

        const events = await outboxEvents(second, Object.values(ids));
        const of = (name: string) =>
          events.filter((e) => e.key === ids[name]).map((e) => [e.type, e.payload.previousState ?? null, e.payload.state]);
        expect(of('delivered')).toEqual([
          ['MessageAccepted', null, 'queued'],
          ['MessageDispatched', 'queued', 'dispatched'],
          ['MessageDelivered', 'dispatched', 'delivered'],
        ]);
        expect(of('undelivered')).toEqual([
          ['MessageAccepted', null, 'queued'],
          ['MessageDispatched', 'queued', 'dispatched'],
          ['MessageFailed', 'dispatched', 'undelivered'],
        ]);
        expect(of('refused')).toEqual([
          ['MessageAccepted', null, 'queued'],
          ['MessageRejected', 'queued', 'failed'],
        ]);
        expect(of('deadLettered')).toEqual([
          ['MessageAccepted', null, 'queued'],
          ['MessageDeadLettered', 'queued', 'failed'],
        ]);
        expect(of('expired')).toEqual([
          ['MessageAccepted', null, 'scheduled'],
          ['MessageExpired', 'scheduled', 'expired'],
        ]);
        for (const event of events) {
          const name = Object.keys(ids).find((n) => ids[n] === event.key);
          expect(event.payload).toMatchObject({ messageId: event.key, clientReference: `ref-${name}`, reason: expect.any(String) });
        }
        before = events;
      } finally {
        await second.stop();
      }

      // Third life: nothing is written again, and everything has left through the outbox.
      const third = await bootPlatform(env);
      try {
        const login = await third.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
        const advanced = await third.api.post('/v1/sandbox/clock/advance', { token: login.body.accessToken, body: { seconds: 600 } });
        expect(advanced.status).toBe(200);
        const after = await outboxEvents(third, Object.values(ids));
        expect(after.map((e) => [e.key, e.type])).toEqual(before.map((e) => [e.key, e.type]));
        expect(after.every((e) => e.published)).toBe(true);
      } finally {
        await third.stop();
      }
    } finally {
      data.remove();
    }
  }, 300_000); // three boots; each joins the Kafka consumer groups again when CI runs it on the mock cluster
});
