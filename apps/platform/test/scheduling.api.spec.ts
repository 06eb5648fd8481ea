import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Principal } from '@mp/grpc';
import { ApiClient, type ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, type SignedUpUser, signUp } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

/**
 * Scheduling, cancel, expiry, priority and account holds (spec 2.1, 3.1, 7.3)
 * through the public API. Time moves only with POST /v1/sandbox/clock/advance,
 * which runs the work that became due before it answers.
 */
let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
/** An API key, not the user token: the suite moves the clock by hours and tokens last 15 minutes. */
let key: string;
let subaccountId: string;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'scheduling');
  await sandboxNumber(api, user.accessToken);
  const created = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'scheduler' } });
  if (created.status !== 201) throw new Error(`api key: ${created.text}`);
  key = created.body.key;
  const sub = await api.post(`/v1/accounts/${user.accountId}/subaccounts`, { token: user.accessToken, body: { name: 'Clinic' } });
  if (sub.status !== 201) throw new Error(`subaccount: ${sub.text}`);
  subaccountId = sub.body.subaccountId;
}, 60_000);

const SECOND = 1000;

async function clockNow(): Promise<number> {
  const res = await api.get('/v1/sandbox/clock');
  return new Date(res.body.now).getTime();
}
const iso = (ms: number) => new Date(ms).toISOString();

async function advance(seconds: number): Promise<ApiResponse> {
  const res = await api.post('/v1/sandbox/clock/advance', { apiKey: key, body: { seconds } });
  expect(res.status).toBe(200);
  return res;
}

const send = (body: Record<string, unknown>) => api.post(`/v1/accounts/${user.accountId}/messages`, { apiKey: key, body });
const get = (messageId: string) => api.get(`/v1/accounts/${user.accountId}/messages/${messageId}`, { apiKey: key });
const cancel = (messageId: string) => api.post(`/v1/accounts/${user.accountId}/messages/${messageId}/cancel`, { apiKey: key });
const statusOf = async (messageId: string) => (await get(messageId)).body.status as string;
const events = (res: ApiResponse) => (res.body.auditTrail as Array<{ event: string }>).map((a) => a.event);

const messagesStored = () => countRows(booted.platform, 'messaging', 'messages', { account_id: user.accountId });
const carrierGot = (to: string) => countRows(booted.platform, 'carrier_simulator', 'carrier_submissions', { to_address: to });

async function outboxEvents(messageId: string, type: string) {
  const rows = await booted.platform.adapters.databases.forSchema('messaging')('outbox').where({ key: messageId, type }).orderBy('id');
  return rows.map((row: { envelope: string | { payload: Record<string, unknown> } }) =>
    typeof row.envelope === 'string' ? JSON.parse(row.envelope).payload : row.envelope.payload,
  );
}

/** Platform staff's internal call (what tools/scripts/account-hold.ts sends); not a public route. */
const staff = (): Principal => ({ kind: 'system', accountId: user.accountId });
const hold = () => booted.platform.staff!.messaging.holdAccountSending({ accountId: user.accountId, reason: 'review', operator: 'ops@test' }, { principal: staff() });
const release = () => booted.platform.staff!.messaging.releaseAccountSending({ accountId: user.accountId, operator: 'ops@test' }, { principal: staff() });

function expectProblem(res: ApiResponse, status: number, code: string, instance: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, title: expect.any(String), instance, traceId: expect.stringMatching(/^[0-9a-f]{32}$/) });
  expect(res.body.type.endsWith('/problems/' + code.toLowerCase().replace(/_/g, '-'))).toBe(true);
}

describe('scheduled sends', () => {
  it('is accepted as scheduled with sendAt echoed, and sent once the clock reaches sendAt', async () => {
    const to = freshDestination();
    const now = await clockNow();
    const sendAt = iso(now + 120 * SECOND);
    const expiresAt = iso(now + 3600 * SECOND);
    const sent = await send({ to, body: 'Reminder: appointment tomorrow', sendAt, expiresAt, clientReference: 'appt-9' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ status: 'scheduled', sendAt, expiresAt, priority: 'Normal', clientReference: 'appt-9', channelHistory: [] });

    await advance(110);
    expect(await statusOf(sent.body.messageId)).toBe('scheduled');
    expect(await carrierGot(to)).toBe(0);

    await advance(15);
    const released = await get(sent.body.messageId);
    expect(released.body.status).toBe('dispatched');
    expect(events(released)).toEqual(['accepted', 'released', 'dispatched']);
    expect(await carrierGot(to)).toBe(1);
  });

  it('releases an urgent scheduled message at sendAt too', async () => {
    const to = freshDestination();
    const sent = await send({ to, body: 'urgent later', sendAt: iso((await clockNow()) + 61 * SECOND), priority: 'Urgent' });
    expect(sent.body).toMatchObject({ status: 'scheduled', priority: 'Urgent' });
    await advance(62);
    expect(await statusOf(sent.body.messageId)).toBe('dispatched');
    expect(await carrierGot(to)).toBe(1);
  });

  describe('refuses bad timing and priority with 400 naming the field, storing and sending nothing', () => {
    const cases: Array<[string, (now: number) => Record<string, unknown>, string, string]> = [
      ['sendAt 30 seconds ahead', (now) => ({ sendAt: iso(now + 30 * SECOND) }), 'SEND_AT_OUT_OF_RANGE', 'sendAt'],
      ['sendAt in the past', (now) => ({ sendAt: iso(now - 3600 * SECOND) }), 'SEND_AT_OUT_OF_RANGE', 'sendAt'],
      ['sendAt 31 days ahead', (now) => ({ sendAt: iso(now + 31 * 86_400 * SECOND) }), 'SEND_AT_OUT_OF_RANGE', 'sendAt'],
      ['expiresAt in the past', (now) => ({ expiresAt: iso(now - SECOND) }), 'EXPIRES_AT_INVALID', 'expiresAt'],
      ['expiresAt before sendAt', (now) => ({ sendAt: iso(now + 600 * SECOND), expiresAt: iso(now + 300 * SECOND) }), 'EXPIRES_AT_INVALID', 'expiresAt'],
      ['expiresAt equal to sendAt', (now) => ({ sendAt: iso(now + 600 * SECOND), expiresAt: iso(now + 600 * SECOND) }), 'EXPIRES_AT_INVALID', 'expiresAt'],
      ['priority High', () => ({ priority: 'High' }), 'VALIDATION_FAILED', 'priority'],
      ['sendAt without Z', () => ({ sendAt: '2030-01-01T10:00:00' }), 'VALIDATION_FAILED', 'sendAt'],
    ];
    it.each(cases)('%s: %s', async (_name, fields, code, field) => {
      const to = freshDestination();
      const before = await messagesStored();
      const res = await send({ to, body: 'hi', ...fields(await clockNow()) });
      expectProblem(res, 400, code, `/v1/accounts/${user.accountId}/messages`);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      expect(res.body.errors[field][0]).toEqual(expect.any(String));
      expect(await messagesStored()).toBe(before);
      await advance(1);
      expect(await carrierGot(to)).toBe(0);
    });
  });
});

describe('cancel', () => {
  it('on the account route: scheduled -> canceled, never sent, never charged', async () => {
    const to = freshDestination();
    const sent = await send({ to, body: 'maybe', sendAt: iso((await clockNow()) + 61 * SECOND) });
    const canceled = await cancel(sent.body.messageId);
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ messageId: sent.body.messageId, status: 'canceled', channelHistory: [] });
    expect(events(canceled)).toEqual(['accepted', 'canceled']);
    await advance(120);
    const after = await get(sent.body.messageId);
    expect(after.body.status).toBe('canceled');
    expect(after.body.channelHistory).toEqual([]);
    expect(await carrierGot(to)).toBe(0);
  });

  it('on the subaccount route, for a message of that subaccount only', async () => {
    const to = freshDestination();
    const sent = await api.post(`/v1/subaccounts/${subaccountId}/messages`, {
      apiKey: key,
      body: { to, body: 'from the clinic', sendAt: iso((await clockNow()) + 61 * SECOND) },
    });
    expect(sent.status).toBe(201);
    const elsewhere = await send({ to, body: 'account-level', sendAt: iso((await clockNow()) + 61 * SECOND) });
    const wrong = await api.post(`/v1/subaccounts/${subaccountId}/messages/${elsewhere.body.messageId}/cancel`, { apiKey: key });
    expectProblem(wrong, 404, 'NOT_FOUND', `/v1/subaccounts/${subaccountId}/messages/${elsewhere.body.messageId}/cancel`);
    expect(await statusOf(elsewhere.body.messageId)).toBe('scheduled');

    const canceled = await api.post(`/v1/subaccounts/${subaccountId}/messages/${sent.body.messageId}/cancel`, { apiKey: key });
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'canceled', subaccountId });
    expect((await cancel(elsewhere.body.messageId)).status).toBe(200);
    await advance(120);
    expect(await carrierGot(to)).toBe(0);
  });

  it('any status other than scheduled: 409 MESSAGE_NOT_CANCELABLE naming the current status, message unchanged', async () => {
    const to = freshDestination();
    const sent = await send({ to, body: 'right away' });
    await advance(1);
    const status = await statusOf(sent.body.messageId);
    expect(['dispatched', 'delivered']).toContain(status);
    const path = `/v1/accounts/${user.accountId}/messages/${sent.body.messageId}/cancel`;
    const res = await cancel(sent.body.messageId);
    expectProblem(res, 409, 'MESSAGE_NOT_CANCELABLE', path);
    expect(res.body.detail).toBe(`The message is ${status}; only a scheduled message can be canceled.`);
    expect(await statusOf(sent.body.messageId)).toBe(status);

    const scheduled = await send({ to, body: 'later', sendAt: iso((await clockNow()) + 61 * SECOND) });
    expect((await cancel(scheduled.body.messageId)).status).toBe(200);
    const twice = await cancel(scheduled.body.messageId);
    expectProblem(twice, 409, 'MESSAGE_NOT_CANCELABLE', `/v1/accounts/${user.accountId}/messages/${scheduled.body.messageId}/cancel`);
    expect(twice.body.detail).toMatch(/^The message is canceled;/);
  });

  it('needs the SendMessages right, and an unknown message is 404', async () => {
    const reader = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'reader', rights: ['ReadMessages'] } });
    const scheduled = await send({ to: freshDestination(), body: 'later', sendAt: iso((await clockNow()) + 61 * SECOND) });
    const forbidden = await api.post(`/v1/accounts/${user.accountId}/messages/${scheduled.body.messageId}/cancel`, { apiKey: reader.body.key });
    expect(forbidden.status).toBe(403);
    expect(await statusOf(scheduled.body.messageId)).toBe('scheduled');
    const unknown = await cancel('0f8fad5b-d9cb-469f-a165-70867728950e');
    expectProblem(unknown, 404, 'NOT_FOUND', `/v1/accounts/${user.accountId}/messages/0f8fad5b-d9cb-469f-a165-70867728950e/cancel`);
    expect((await cancel(scheduled.body.messageId)).status).toBe(200);
  });
});

describe('expiry', () => {
  it('before the first send: scheduled, held past expiresAt, released -> expired, MessageExpired once, nothing sent', async () => {
    const to = freshDestination();
    const now = await clockNow();
    const sent = await send({ to, body: 'code 1234', sendAt: iso(now + 61 * SECOND), expiresAt: iso(now + 300 * SECOND), clientReference: 'otp-1' });
    expect(sent.status).toBe(201);
    await hold();
    await advance(120);
    expect(await statusOf(sent.body.messageId)).toBe('scheduled'); // held: waits as it is
    await advance(240);
    const released = await release();
    expect(released.held).toBe(false);
    await advance(1);
    const expired = await get(sent.body.messageId);
    expect(expired.body.status).toBe('expired');
    expect(expired.body.channelHistory).toEqual([]);
    expect(events(expired)).toEqual(['accepted', 'expired']);
    expect(await carrierGot(to)).toBe(0);
    const emitted = await outboxEvents(sent.body.messageId, 'MessageExpired');
    expect(emitted).toEqual([
      expect.objectContaining({
        messageId: sent.body.messageId,
        clientReference: 'otp-1',
        previousState: 'scheduled',
        state: 'expired',
        reason: expect.stringContaining('passed before the release of a scheduled message'),
      }),
    ]);
    await advance(60);
    expect(await outboxEvents(sent.body.messageId, 'MessageExpired')).toHaveLength(1);
  });

  it('before a retry: the carrier is unavailable, expiresAt passes, the message expires (once) instead of being retried', async () => {
    const to = freshDestination();
    const behaviour = await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(to)}`, { apiKey: key, body: { outcome: 'unavailable' } });
    expect(behaviour.status).toBe(200);
    const sent = await send({ to, body: 'code 5678', expiresAt: iso((await clockNow()) + 120 * SECOND) });
    expect(sent.body.status).toBe('queued');
    // The first try happens on acceptance; wait until the carrier's 503 is recorded.
    await waitFor(
      () => get(sent.body.messageId),
      (r) => events(r).includes('retry_scheduled'),
      { what: 'the first carrier try to fail' },
    );
    // Past expiresAt; a try already in flight may push the next one a little later, so keep moving the clock.
    const expired = await waitFor(
      async () => {
        await advance(121);
        return get(sent.body.messageId);
      },
      (r) => r.body.status !== 'queued',
      { what: 'the retry check' },
    );
    expect(expired.body.status).toBe('expired');
    expect(expired.body.channelHistory).toEqual([]);
    expect(events(expired).at(-1)).toBe('expired');
    const emitted = await outboxEvents(sent.body.messageId, 'MessageExpired');
    expect(emitted).toHaveLength(1);
    expect(emitted[0]).toMatchObject({ previousState: 'queued', state: 'expired', reason: expect.stringContaining('passed before the retry') });
  });
});

describe('account hold and priority', () => {
  it('held messages wait queued; on release the urgent ones reach the carrier first', async () => {
    const held = await hold();
    expect(held).toMatchObject({ held: true, reason: 'review', operator: 'ops@test' });
    const normals = [freshDestination(), freshDestination()];
    const urgents = [freshDestination(), freshDestination()];
    const ids: Record<string, string> = {};
    for (const to of normals) ids[to] = (await send({ to, body: 'normal' })).body.messageId;
    for (const to of urgents) ids[to] = (await send({ to, body: 'urgent', priority: 'Urgent' })).body.messageId;
    await advance(30);
    for (const to of [...normals, ...urgents]) {
      expect(await statusOf(ids[to])).toBe('queued');
      expect(await carrierGot(to)).toBe(0);
    }

    await release();
    await advance(1);
    const audit = await booted.platform.adapters.databases
      .forSchema('messaging')('message_audit')
      .whereIn('message_id', Object.values(ids))
      .andWhere({ event: 'dispatched' })
      .orderBy('id');
    const order = audit.map((row: { message_id: string }) => row.message_id);
    expect(order).toHaveLength(4);
    expect(order.slice(0, 2).sort()).toEqual(urgents.map((to) => ids[to]).sort());
    expect(order.slice(2).sort()).toEqual(normals.map((to) => ids[to]).sort());
    for (const to of [...normals, ...urgents]) expect(await carrierGot(to)).toBe(1);
  });

  it('the staff command holds, shows and releases through the internal gRPC call', async () => {
    const root = join(__dirname, '..', '..', '..');
    const messaging = booted.platform.hosts.find((h) => h.module.name === 'messaging');
    const run = (key: unknown, ...args: string[]) =>
      promisify(execFile)(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'tools', 'scripts', 'account-hold.ts'), ...args, '--grpc', `127.0.0.1:${messaging?.port}`], {
        cwd: root,
        env: { ...process.env, STAFF_TOKEN_SIGNING_KEY: JSON.stringify(key) },
      });
    const tool = (...args: string[]) => run(booted.platform.staffSigningKey, ...args);
    // Only the staff key makes a `system` call: the platform's own call key is refused, and nothing is held.
    await expect(run(booted.platform.adapters.callKeys.signingKey, '--account', user.accountId, '--hold')).rejects.toMatchObject({ code: 1 });
    expect(await countRows(booted.platform, 'messaging', 'account_sending_holds', { account_id: user.accountId })).toBe(0);
    const held = JSON.parse((await tool('--account', user.accountId, '--hold', '--reason', 'ticket 7', '--operator', 'ops')).stdout);
    expect(held).toMatchObject({ accountId: user.accountId, held: true, reason: 'ticket 7', operator: 'ops' });
    const to = freshDestination();
    const waiting = await send({ to, body: 'waits' });
    await advance(5);
    expect(await statusOf(waiting.body.messageId)).toBe('queued');
    expect(JSON.parse((await tool('--account', user.accountId, '--status')).stdout)).toMatchObject({ held: true, waitingMessages: 1 });
    expect(JSON.parse((await tool('--account', user.accountId, '--release')).stdout)).toMatchObject({ held: false });
    await advance(1);
    expect(['dispatched', 'delivered']).toContain(await statusOf(waiting.body.messageId));
    await expect(tool('--account', user.accountId)).rejects.toMatchObject({ code: 2 });
  }, 60_000);

  it('the hold RPC is not for customers: a user principal is refused', async () => {
    await expect(
      booted.platform.adapters.clients.messaging.holdAccountSending(
        { accountId: user.accountId },
        { principal: { kind: 'user', accountId: user.accountId, userId: user.userId, role: 'Admin' } },
      ),
    ).rejects.toMatchObject({ code: 'INTERNAL_ERROR' }); // PERMISSION_DENIED: a wiring fault, never the customer's
    expect(await countRows(booted.platform, 'messaging', 'account_sending_holds', { account_id: user.accountId })).toBe(0);
  });
});

describe('cancel racing the release at sendAt', () => {
  it('50 times: exactly one wins, and the carrier gets the message iff it was not canceled', async () => {
    const tally = { canceled: 0, sent: 0 };
    for (let i = 0; i < 50; i += 1) {
      const to = freshDestination();
      const sent = await send({ to, body: `race ${i}`, sendAt: iso((await clockNow()) + 61 * SECOND), priority: i % 2 ? 'Urgent' : 'Normal' });
      expect(sent.status).toBe(201);
      const [canceled] = await Promise.all([cancel(sent.body.messageId), advance(62)]);
      await advance(1); // anything the losing side left due has run
      const final = await get(sent.body.messageId);
      const submissions = await carrierGot(to);
      if (canceled.status === 200) {
        expect(canceled.body.status).toBe('canceled');
        expect(final.body.status).toBe('canceled');
        expect(submissions).toBe(0);
        tally.canceled += 1;
      } else {
        expect(canceled.status).toBe(409);
        expect(canceled.body.code).toBe('MESSAGE_NOT_CANCELABLE');
        expect(canceled.body.detail).toMatch(/^The message is (queued|dispatched|delivered);/);
        expect(['dispatched', 'delivered']).toContain(final.body.status);
        expect(submissions).toBe(1);
        tally.sent += 1;
      }
    }
    expect(tally.canceled + tally.sent).toBe(50);
  }, 120_000);
});
