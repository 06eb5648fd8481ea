import { createHmac, randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, uniqueEmail, type SignedUpUser } from './support/journeys';
import { mailedValue } from './support/mfa-journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';
import { signatureValid, WebhookReceiver } from './support/webhook-receiver';

/**
 * Customer webhooks through the public API (spec 2.6, 3.3, 4.6, 6): endpoint
 * management and its refusals, what each subscription and scope receives,
 * every header, signature and payload, retries on the sandbox clock,
 * deactivation and re-activation, test, replay and rotation, and the billing
 * webhook. Deliveries reach an HTTPS receiver whose certificate comes from
 * the tests' own CA (NODE_EXTRA_CA_CERTS).
 */
let booted: BootedPlatform;
let api: ApiClient;
let receiver: WebhookReceiver;
let admin: SignedUpUser;
let sub1: string;
let sub2: string;
const keys: Record<'plain' | 'manage' | 'sub1' | 'consent', string> = { plain: '', manage: '', sub1: '', consent: '' };
const member = { email: uniqueEmail('member'), password: 'a long enough password' };

async function createKey(body: Record<string, unknown>): Promise<string> {
  const res = await api.post('/v1/api-keys', { token: admin.accessToken, body });
  if (res.status !== 201) throw new Error(`api key: ${res.text}`);
  return res.body.key;
}

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  booted = await sharedPlatform();
  api = booted.api;
  admin = await signUp(api, 'webhooks');
  await sandboxNumber(api, admin.accessToken);
  const subs = await Promise.all(
    ['East', 'West'].map((name) => api.post(`/v1/accounts/${admin.accountId}/subaccounts`, { token: admin.accessToken, body: { name } })),
  );
  [sub1, sub2] = subs.map((s) => s.body.subaccountId);
  keys.plain = await createKey({ name: 'plain' });
  keys.manage = await createKey({ name: 'hooks', rights: ['SendMessages', 'ReadMessages', 'ManageWebhooks'] });
  keys.sub1 = await createKey({ name: 'east', rights: ['SendMessages', 'ReadMessages', 'ManageWebhooks'], subaccountId: sub1 });
  keys.consent = await createKey({ name: 'consent', rights: ['ManageRecipientConsent'] });
  const invited = await api.post('/v1/account/users', { token: admin.accessToken, body: { email: member.email, role: 'Member' } });
  if (invited.status !== 201) throw new Error(`invite: ${invited.text}`);
  const token = await mailedValue(api, member.email, /Invitation token: (\S+)/);
  const accepted = await api.post('/v1/auth/accept-invitation', { body: { token, password: member.password } });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.text}`);
}, 60_000);

afterAll(async () => {
  await receiver?.stop();
});

function expectProblem(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status, code });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ title: expect.any(String), detail: expect.any(String), traceId: expect.any(String) });
}

const endpointsStored = () => countRows(booted.platform, 'webhook_dispatcher', 'webhook_endpoints', { account_id: admin.accountId });

let paths = 0;
/** A path of the receiver no other test uses. */
const freshPath = (tag: string) => `/${tag}-${++paths}`;

const created: string[] = [];
async function createEndpoint(
  body: Record<string, unknown>,
  apiKey = keys.manage,
  origin: 'localhost' | '127.0.0.1' = 'localhost',
): Promise<{ webhookId: string; signingSecret: string; path: string }> {
  const path = freshPath('hook');
  const res = await api.post('/v1/webhooks', { apiKey, body: { url: receiver.url(path, origin), label: 'test', ...body } });
  if (res.status !== 201) throw new Error(`create webhook: ${res.text}`);
  created.push(res.body.webhookId);
  return { webhookId: res.body.webhookId, signingSecret: res.body.signingSecret, path };
}

// Every endpoint of the account gets the account's events: a test's failing endpoints must not outlive it.
afterEach(async () => {
  await Promise.all(created.splice(0).map((id) => api.delete(`/v1/webhooks/${id}`, { apiKey: keys.manage })));
});

/** The Member signs in again: the sandbox clock moves by hours in this suite, past an access token's life. */
async function memberToken(): Promise<string> {
  const res = await api.post('/v1/auth/login', { body: { email: member.email, password: member.password } });
  if (res.status !== 200) throw new Error(`member login: ${res.text}`);
  return res.body.accessToken;
}

async function send(to: string, extra: Record<string, unknown> = {}, subaccountId?: string): Promise<string> {
  const path = subaccountId ? `/v1/subaccounts/${subaccountId}/messages` : `/v1/accounts/${admin.accountId}/messages`;
  const res = await api.post(path, { apiKey: subaccountId === sub1 ? keys.sub1 : keys.manage, body: { to, body: 'Hello', ...extra } });
  if (res.status !== 201) throw new Error(`send: ${res.text}`);
  return res.body.messageId;
}

const waitForDeliveries = (path: string, count: number, what = `${count} deliveries at ${path}`) =>
  waitFor(async () => receiver.at(path), (got) => got.length >= count, { what });

/** The endpoint's delivery log, newest first. */
const deliveryLog = async (webhookId: string) => (await api.get(`/v1/webhooks/${webhookId}/deliveries?pageSize=200`, { apiKey: keys.manage })).body.items;
const waitForLog = (webhookId: string, done: (items: any[]) => boolean, what: string) => waitFor(() => deliveryLog(webhookId), done, { what });
const advance = async (seconds: number) => {
  const res = await api.post('/v1/sandbox/clock/advance', { apiKey: keys.manage, body: { seconds } });
  if (res.status !== 200) throw new Error(`clock: ${res.text}`);
};
const attemptsOf = (items: any[]) => items.reduce((n: number, d: any) => n + d.attempts.length, 0);

describe('endpoints (spec 2.6, 4.6)', () => {
  it('creates an endpoint with a whsec_ secret shown once, lists, reads, updates and deletes it', async () => {
    const created = await api.post('/v1/webhooks', {
      apiKey: keys.manage,
      body: { url: receiver.url('/crud'), label: 'CRUD', subscribedEvents: ' MessageDelivered , MessageFailed,MessageDelivered' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      webhookId: expect.any(String),
      subaccountId: null,
      url: receiver.url('/crud'),
      label: 'CRUD',
      subscribedEvents: 'MessageDelivered,MessageFailed',
      active: true,
      consecutiveFailures: 0,
      deactivatedAt: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      signingSecret: expect.stringMatching(/^whsec_[A-Za-z0-9+/=]{40,}$/),
    });
    const id = created.body.webhookId;
    const one = await api.get(`/v1/webhooks/${id}`, { token: admin.accessToken });
    expect(one.status).toBe(200);
    expect(one.body.signingSecret).toBeUndefined();
    const list = await api.get('/v1/webhooks', { token: await memberToken() });
    expect(list.status).toBe(200);
    expect(list.body.items.map((e: { webhookId: string }) => e.webhookId)).toContain(id);
    expect(JSON.stringify(list.body)).not.toContain('whsec_');

    const updated = await api.put(`/v1/webhooks/${id}`, { token: admin.accessToken, body: { label: 'renamed', active: false } });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ label: 'renamed', active: false, url: receiver.url('/crud'), subscribedEvents: 'MessageDelivered,MessageFailed' });

    const rotated = await api.post(`/v1/webhooks/${id}/rotate-secret`, { apiKey: keys.manage });
    expect(rotated.status).toBe(200);
    expect(rotated.body.signingSecret).toMatch(/^whsec_/);
    expect(rotated.body.signingSecret).not.toBe(created.body.signingSecret);

    expect((await api.delete(`/v1/webhooks/${id}`, { apiKey: keys.manage })).status).toBe(204);
    expectProblem(await api.get(`/v1/webhooks/${id}`, { apiKey: keys.manage }), 404, 'NOT_FOUND');
    expectProblem(await api.delete(`/v1/webhooks/${id}`, { apiKey: keys.manage }), 404, 'NOT_FOUND');
  });

  it.each([
    ['an http URL', { url: 'http://hooks.example.com/in' }, 'url'],
    ['a relative URL', { url: '/in' }, 'url'],
    ['a URL with credentials', { url: 'https://user:pw@hooks.example.com/in' }, 'url'],
    ['an unknown event name', { subscribedEvents: 'MessageDelivered,MessageExploded' }, 'subscribedEvents'],
    ['no event name', { subscribedEvents: ' , ' }, 'subscribedEvents'],
    ['a missing url', { url: undefined }, 'url'],
    ['missing subscribedEvents', { subscribedEvents: undefined }, 'subscribedEvents'],
  ])('refuses %s with 400 naming the field, storing nothing', async (_name, override, field) => {
    const before = await endpointsStored();
    const body = { url: 'https://hooks.example.com/in', subscribedEvents: 'MessageDelivered', ...override };
    const res = await api.post('/v1/webhooks', { apiKey: keys.manage, body });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(res.body.errors)).toContain(field);
    expect(await endpointsStored()).toBe(before);
  });

  it('refuses a bad update with 400 and changes nothing', async () => {
    const { webhookId } = await createEndpoint({ subscribedEvents: 'MessageDelivered' });
    const res = await api.put(`/v1/webhooks/${webhookId}`, { apiKey: keys.manage, body: { url: 'ftp://x.example.com', subscribedEvents: 'Nope' } });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual(['subscribedEvents', 'url']);
    const now = await api.get(`/v1/webhooks/${webhookId}`, { apiKey: keys.manage });
    expect(now.body.subscribedEvents).toBe('MessageDelivered');
  });

  it('needs ManageWebhooks on an API key, and Admin or Manager to change', async () => {
    const before = await endpointsStored();
    const body = { url: 'https://hooks.example.com/in', subscribedEvents: 'MessageDelivered' };
    expectProblem(await api.get('/v1/webhooks', { apiKey: keys.plain }), 403, 'FORBIDDEN');
    expectProblem(await api.post('/v1/webhooks', { apiKey: keys.plain, body }), 403, 'FORBIDDEN');
    expectProblem(await api.post('/v1/webhooks', { token: await memberToken(), body }), 403, 'FORBIDDEN');
    expect(await endpointsStored()).toBe(before);
  });

  it("answers 404 for another account's endpoint, and a subaccount key reaches only its subaccount's", async () => {
    const mine = await createEndpoint({ subscribedEvents: 'MessageDelivered' });
    const other = await signUp(api, 'other-hooks');
    expectProblem(await api.get(`/v1/webhooks/${mine.webhookId}`, { token: other.accessToken }), 404, 'NOT_FOUND');
    expectProblem(await api.put(`/v1/webhooks/${mine.webhookId}`, { token: other.accessToken, body: { label: 'x' } }), 404, 'NOT_FOUND');
    expectProblem(await api.delete(`/v1/webhooks/${mine.webhookId}`, { token: other.accessToken }), 404, 'NOT_FOUND');
    expectProblem(await api.get(`/v1/webhooks/${mine.webhookId}`, { apiKey: keys.sub1 }), 404, 'NOT_FOUND');
    // A subaccount key creates its subaccount's endpoints only.
    const scoped = await createEndpoint({ subscribedEvents: 'MessageDelivered' }, keys.sub1);
    expect((await api.get(`/v1/webhooks/${scoped.webhookId}`, { apiKey: keys.sub1 })).body.subaccountId).toBe(sub1);
    const before = await endpointsStored();
    const res = await api.post('/v1/webhooks', { apiKey: keys.sub1, body: { url: 'https://hooks.example.com/in', subscribedEvents: 'MessageDelivered', subaccountId: sub2 } });
    expectProblem(res, 404, 'NOT_FOUND');
    const foreign = await api.post('/v1/webhooks', { apiKey: keys.manage, body: { url: 'https://hooks.example.com/in', subscribedEvents: 'MessageDelivered', subaccountId: randomUUID() } });
    expectProblem(foreign, 404, 'NOT_FOUND');
    expect(await endpointsStored()).toBe(before);
    expect(await api.get(`/v1/webhooks/${mine.webhookId}`, { token: other.accessToken }).then((r) => r.status)).toBe(404);
  });
});

describe('deliveries (spec 6.2, 6.3)', () => {
  it('POSTs each message event with its id, timestamp and signature headers and the 6.2 payload', async () => {
    const hook = await createEndpoint({ subscribedEvents: 'AllMessageEvents' });
    const to = freshDestination();
    const messageId = await send(to, { clientReference: 'order-17' });
    const [accepted, delivered] = await waitForDeliveries(hook.path, 2);
    for (const delivery of [accepted, delivered]) {
      expect(delivery.headers['content-type']).toBe('application/json');
      expect(delivery.headers['x-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      const timestamp = Number(delivery.headers['x-webhook-timestamp']);
      expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(300);
      expect(delivery.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(signatureValid(delivery, hook.signingSecret)).toBe(true);
      expect(signatureValid(delivery, 'whsec_wrong')).toBe(false);
    }
    expect(accepted.headers['x-webhook-id']).not.toBe(delivered.headers['x-webhook-id']);
    expect(accepted.body).toEqual({
      eventType: 'MessageAccepted',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      accountId: admin.accountId,
      subaccountId: null,
      messageId,
      data: { clientReference: 'order-17', previousState: null, reason: 'accepted', state: 'queued', channelType: 'Sms', attempt: 1 },
    });
    expect(delivered.body).toMatchObject({ eventType: 'MessageDelivered', messageId, data: { clientReference: 'order-17', state: 'delivered' } });
    expect(delivered.body.data.previousState).toEqual(expect.any(String));
  });
});


/** Each retry delay is spread up to 10% later than the schedule, never earlier (issue 27; retry-schedule.rules.ts). */
const JITTER = 0.1;
/** The next attempt is timed from when the outcome is recorded, a moment after the attempt's measured end. */
const SETTLE_SECONDS = 0.5;

describe('retries on the sandbox clock (spec 6.3 rules 2-3)', () => {
  it('tries a failing delivery 5 times in all, after about 10 s, 30 s, 90 s and 5 min, with one X-Webhook-Id', async () => {
    const hook = await createEndpoint({ subscribedEvents: 'MessageAccepted' });
    receiver.answer(hook.path, { status: 500 });
    const messageId = await send(freshDestination());
    let log = await waitForLog(hook.webhookId, (items) => items[0]?.attempts.length === 1, 'the first attempt');
    expect(log[0]).toMatchObject({ eventType: 'MessageAccepted', messageId, status: 'Pending' });
    expect(log[0].attempts[0]).toMatchObject({ number: 1, trigger: 'first', statusCode: 500, succeeded: false, error: expect.stringContaining('500') });
    const delays: number[] = [];
    for (const [n, seconds] of [[2, 10], [3, 30], [4, 90], [5, 300]] as const) {
      const last = log[0].attempts[log[0].attempts.length - 1];
      delays.push((Date.parse(log[0].nextAttemptAt) - Date.parse(last.attemptedAt) - last.durationMs) / 1000);
      // One second short of the delay: not due yet (the spread only ever makes it later). The sandbox clock also
      // runs in real time, so advance from where it is now, not by the delay (a slow machine would overshoot).
      const now = Date.parse((await api.get('/v1/sandbox/clock')).body.now);
      const shortOfDue = (Date.parse(last.attemptedAt) + last.durationMs + (seconds - 1) * 1000 - now) / 1000;
      if (shortOfDue > 0) await advance(shortOfDue);
      expect((await deliveryLog(hook.webhookId))[0].attempts).toHaveLength(n - 1);
      await advance(Math.ceil(seconds * JITTER) + 1);
      log = await waitForLog(hook.webhookId, (items) => items[0].attempts.length === n, `attempt ${n}`);
      expect(log[0].attempts[n - 1]).toMatchObject({ number: n, trigger: 'retry', statusCode: 500 });
    }
    [10, 30, 90, 300].forEach((seconds, i) => {
      expect(delays[i]).toBeGreaterThanOrEqual(seconds - SETTLE_SECONDS);
      expect(delays[i]).toBeLessThanOrEqual(seconds * (1 + JITTER) + SETTLE_SECONDS);
    });
    expect(log[0]).toMatchObject({ status: 'Failed', nextAttemptAt: null });
    await advance(3600);
    expect((await deliveryLog(hook.webhookId))[0].attempts).toHaveLength(5);
    const got = receiver.at(hook.path);
    expect(got).toHaveLength(5);
    expect(new Set(got.map((d) => d.headers['x-webhook-id']))).toEqual(new Set([log[0].deliveryLogId]));
    expect(new Set(got.map((d) => d.raw)).size).toBe(1);
    expect((await api.get(`/v1/webhooks/${hook.webhookId}`, { apiKey: keys.manage })).body.consecutiveFailures).toBe(1);
  });

  it('honours Retry-After on a 429 or 503 within the schedule, and stops retrying once a retry succeeds', async () => {
    const hook = await createEndpoint({ subscribedEvents: 'MessageAccepted' });
    receiver.answer(hook.path, { status: 503, headers: { 'Retry-After': '120' } });
    await send(freshDestination());
    const log = await waitForLog(hook.webhookId, (items) => items[0]?.attempts.length === 1, 'the first attempt');
    const first = log[0];
    expect(first.attempts[0]).toMatchObject({ statusCode: 503 });
    expect(Math.round((Date.parse(first.nextAttemptAt) - Date.parse(first.attempts[0].attemptedAt)) / 1000)).toBe(120);
    await advance(60);
    expect((await deliveryLog(hook.webhookId))[0].attempts).toHaveLength(1);
    receiver.answer(hook.path, { status: 204 });
    await advance(60);
    const after = await waitForLog(hook.webhookId, (items) => items[0].attempts.length === 2, 'the retry');
    expect(after[0]).toMatchObject({ status: 'Succeeded', nextAttemptAt: null });
    expect(after[0].attempts[1]).toMatchObject({ trigger: 'retry', statusCode: 204, succeeded: true, error: null });
    await advance(600);
    expect(receiver.at(hook.path)).toHaveLength(2);
  });

  it('spreads the retries of deliveries that failed together over 10 s to 11 s', async () => {
    const hook = await createEndpoint({ subscribedEvents: 'MessageAccepted' });
    receiver.answer(hook.path, { status: 500 });
    await Promise.all(Array.from({ length: 12 }, () => send(freshDestination())));
    const log = await waitForLog(hook.webhookId, (items) => items.length === 12 && items.every((d: any) => d.attempts.length === 1), '12 first attempts');
    // Timed from the attempt's end: its start plus how long the receiver took (and a moment to record it).
    const delays = log.map((d: any) => (Date.parse(d.nextAttemptAt) - Date.parse(d.attempts[0].attemptedAt) - d.attempts[0].durationMs) / 1000);
    for (const delay of delays) {
      expect(delay).toBeGreaterThanOrEqual(10 - SETTLE_SECONDS);
      expect(delay).toBeLessThanOrEqual(11 + SETTLE_SECONDS);
    }
    expect(new Set(delays).size).toBeGreaterThan(6);
  });

  it('refuses an answer body over 1 MiB: the attempt fails and its record says why', async () => {
    const hook = await createEndpoint({ subscribedEvents: 'MessageAccepted' });
    receiver.answer(hook.path, { status: 200, bodyBytes: 2 * 1024 * 1024 });
    await send(freshDestination());
    const log = await waitForLog(hook.webhookId, (items) => items[0]?.attempts.length === 1, 'the first attempt');
    expect(log[0].status).toBe('Pending');
    expect(log[0].attempts[0]).toMatchObject({ statusCode: 200, succeeded: false, error: 'answer larger than 1048576 bytes (1 MiB): refused' });
  });

  it.each([
    ['a 3xx (redirects are not followed)', { status: 302, headers: { Location: 'https://elsewhere.example.com/' } }, 'redirect not followed'],
    ['a 4xx', { status: 404 }, '404'],
    ['no answer within 10 s', 'hang' as const, 'no answer within 10 s'],
  ])('counts %s as a failed attempt', async (_name, answer, error) => {
    const hook = await createEndpoint({ subscribedEvents: 'MessageAccepted' });
    receiver.answer(hook.path, answer);
    await send(freshDestination());
    const log = await waitForLog(hook.webhookId, (items) => items[0]?.attempts.length === 1, 'the first attempt');
    expect(log[0].status).toBe('Pending');
    expect(log[0].attempts[0].succeeded).toBe(false);
    expect(log[0].attempts[0].error).toContain(error);
  }, 30_000);
});

describe('deactivation after 50 failed deliveries (spec 3.3)', () => {
  it('resets the count on a success, deactivates at 50, emails the Admins, and PUT active re-activates and resets', async () => {
    const hook = await createEndpoint({ subscribedEvents: 'MessageAccepted', label: 'flaky receiver' });
    const endpoint = async () => (await api.get(`/v1/webhooks/${hook.webhookId}`, { apiKey: keys.manage })).body;
    /** Sends `count` messages and lets every delivery run its 5 attempts. */
    const failDeliveries = async (count: number) => {
      const before = attemptsOf(await deliveryLog(hook.webhookId));
      await Promise.all(Array.from({ length: count }, () => send(freshDestination())));
      await waitForLog(hook.webhookId, (items) => attemptsOf(items) >= before + count, `${count} first attempts`);
      for (const [n, seconds] of [[2, 10], [3, 30], [4, 90], [5, 300]] as const) {
        await advance(Math.ceil(seconds * (1 + JITTER)));
        await waitForLog(hook.webhookId, (items) => attemptsOf(items) >= before + count * n, `attempt ${n} of ${count} deliveries`);
      }
    };
    receiver.answer(hook.path, { status: 500 });
    await failDeliveries(2);
    expect(await endpoint()).toMatchObject({ active: true, consecutiveFailures: 2 });
    receiver.answer(hook.path, { status: 200 });
    await send(freshDestination());
    await waitFor(endpoint, (e) => e.consecutiveFailures === 0, { what: 'the count reset by a success' });

    receiver.answer(hook.path, { status: 500 });
    await failDeliveries(49);
    expect(await endpoint()).toMatchObject({ active: true, consecutiveFailures: 49, deactivatedAt: null });
    await failDeliveries(1);
    const deactivated = await endpoint();
    expect(deactivated).toMatchObject({ active: false, consecutiveFailures: 50, deactivatedAt: expect.any(String) });
    const mailed = await mailedValue(api, admin.email, new RegExp(`Webhook id: (${hook.webhookId})`));
    expect(mailed).toBe(hook.webhookId);

    // Deactivated: later events are not delivered to it.
    receiver.answer(hook.path, { status: 200 });
    const seen = receiver.at(hook.path).length;
    const marker = await createEndpoint({ subscribedEvents: 'MessageAccepted' });
    await send(freshDestination());
    await waitForDeliveries(marker.path, 1);
    await advance(600);
    expect(receiver.at(hook.path)).toHaveLength(seen);

    const reactivated = await api.put(`/v1/webhooks/${hook.webhookId}`, { apiKey: keys.manage, body: { active: true } });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body).toMatchObject({ active: true, consecutiveFailures: 0, deactivatedAt: null });
    const messageId = await send(freshDestination());
    await waitFor(async () => receiver.at(hook.path), (got) => got.some((d) => d.body.messageId === messageId), { what: 'a delivery after re-activation' });
  }, 120_000);
});

describe('test, replay and rotation (spec 4.6)', () => {
  it('sends a signed WebhookTest event once and answers the attempt', async () => {
    // Subscribed to replies only: no event of this suite's sends reaches it.
    const hook = await createEndpoint({ subscribedEvents: 'MessageReceived' });
    const res = await api.post(`/v1/webhooks/${hook.webhookId}/test`, { apiKey: keys.manage });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ eventType: 'WebhookTest', status: 'Succeeded', messageId: null, nextAttemptAt: null });
    expect(res.body.attempts).toEqual([
      { number: 1, trigger: 'test', attemptedAt: expect.any(String), statusCode: 200, error: null, durationMs: expect.any(Number), succeeded: true },
    ]);
    const [got] = receiver.at(hook.path);
    expect(got.headers['x-webhook-id']).toBe(res.body.deliveryLogId);
    expect(signatureValid(got, hook.signingSecret)).toBe(true);
    expect(got.body).toMatchObject({ eventType: 'WebhookTest', accountId: admin.accountId, subaccountId: null, messageId: null, data: { webhookId: hook.webhookId } });
    expect(res.body.event).toEqual(got.body);
    // A failing test is reported, not retried, and does not count toward deactivation.
    receiver.answer(hook.path, { status: 500 });
    const failed = await api.post(`/v1/webhooks/${hook.webhookId}/test`, { apiKey: keys.manage });
    expect(failed.body).toMatchObject({ status: 'Failed', attempts: [{ trigger: 'test', statusCode: 500, succeeded: false }] });
    await advance(600);
    expect(receiver.at(hook.path)).toHaveLength(2);
    expect((await api.get(`/v1/webhooks/${hook.webhookId}`, { apiKey: keys.manage })).body.consecutiveFailures).toBe(0);
  });

  it('replays a delivery with the same X-Webhook-Id and body, signed with the current secret after a rotation', async () => {
    const hook = await createEndpoint({ subscribedEvents: 'MessageAccepted' });
    const messageId = await send(freshDestination());
    const [original] = await waitForDeliveries(hook.path, 1);
    const [logged] = await deliveryLog(hook.webhookId);
    expect(logged).toMatchObject({ deliveryLogId: original.headers['x-webhook-id'], messageId, status: 'Succeeded' });

    const rotated = (await api.post(`/v1/webhooks/${hook.webhookId}/rotate-secret`, { apiKey: keys.manage })).body.signingSecret;
    const replayed = await api.post(`/v1/webhooks/${hook.webhookId}/deliveries/${logged.deliveryLogId}/replay`, { apiKey: keys.manage });
    expect(replayed.status).toBe(200);
    expect(replayed.body.attempts.map((a: { trigger: string }) => a.trigger)).toEqual(['first', 'replay']);
    const again = receiver.at(hook.path)[1];
    expect(again.headers['x-webhook-id']).toBe(original.headers['x-webhook-id']);
    expect(again.raw).toBe(original.raw);
    expect(signatureValid(again, rotated)).toBe(true);
    expect(signatureValid(again, hook.signingSecret)).toBe(false);
    // Later events are signed with the new secret too.
    await send(freshDestination());
    const [, , next] = await waitForDeliveries(hook.path, 3);
    expect(signatureValid(next, rotated)).toBe(true);

    const unknown = await api.post(`/v1/webhooks/${hook.webhookId}/deliveries/${randomUUID()}/replay`, { apiKey: keys.manage });
    expectProblem(unknown, 404, 'NOT_FOUND');
    const other = await createEndpoint({ subscribedEvents: 'MessageAccepted' });
    expectProblem(await api.post(`/v1/webhooks/${other.webhookId}/deliveries/${logged.deliveryLogId}/replay`, { apiKey: keys.manage }), 404, 'NOT_FOUND');
    expect(receiver.at(hook.path)).toHaveLength(3);
  });

  it('pages the delivery log with a cursor and refuses a bad one', async () => {
    const hook = await createEndpoint({ subscribedEvents: 'MessageAccepted' });
    for (let i = 0; i < 3; i++) await api.post(`/v1/webhooks/${hook.webhookId}/test`, { apiKey: keys.manage });
    const first = await api.get(`/v1/webhooks/${hook.webhookId}/deliveries?pageSize=2`, { apiKey: keys.manage });
    expect(first.body.items).toHaveLength(2);
    const second = await api.get(`/v1/webhooks/${hook.webhookId}/deliveries?pageSize=2&cursor=${first.body.nextCursor}`, { apiKey: keys.manage });
    expect(second.body).toMatchObject({ items: [expect.any(Object)], nextCursor: null });
    const ids = [...first.body.items, ...second.body.items].map((d: { deliveryLogId: string }) => d.deliveryLogId);
    expect(new Set(ids).size).toBe(3);
    expectProblem(await api.get(`/v1/webhooks/${hook.webhookId}/deliveries?cursor=nonsense`, { apiKey: keys.manage }), 400, 'VALIDATION_FAILED');
    expectProblem(await api.get(`/v1/webhooks/${hook.webhookId}/deliveries?pageSize=0`, { apiKey: keys.manage }), 400, 'VALIDATION_FAILED');
  });
});

describe('a slow endpoint does not slow the others (issue point 9)', () => {
  it("keeps a fast endpoint's pace while another endpoint never answers", async () => {
    // Two customers' receivers: two origins, as each has its own sockets.
    const dead = await createEndpoint({ subscribedEvents: 'MessageAccepted' }, keys.manage, 'localhost');
    const fast = await createEndpoint({ subscribedEvents: 'MessageAccepted' }, keys.manage, '127.0.0.1');
    receiver.answer(dead.path, 'hang');
    const started = Date.now();
    const sent = await Promise.all(Array.from({ length: 40 }, () => send(freshDestination())));
    const got = await waitForDeliveries(fast.path, sent.length);
    // Each attempt at the dead endpoint holds its slot for 10 s; the fast one got all 40 well before the first of them ended.
    expect(Date.now() - started).toBeLessThan(9_000);
    expect(new Set(got.map((d) => d.body.messageId))).toEqual(new Set(sent));
  }, 60_000);
});

describe('billing webhook subscription (spec 4.6, 6.3 rule 7)', () => {
  const stripeEvent = (accountId: string, status: string) =>
    JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `sub_${randomUUID().slice(0, 8)}`, object: 'subscription', status, metadata: { accountId } } },
    });
  const postStripe = (raw: string) =>
    api.post('/v1/webhooks/stripe', {
      rawBody: raw,
      headers: { 'content-type': 'application/json', 'x-signature': createHmac('sha256', 'sandbox-stripe-secret').update(raw).digest('hex') },
    });
  const bodySignature = (raw: string, secret: string) => createHmac('sha256', secret).update(raw).digest('hex');

  it('enables, delivers subscription changes signed over the body, regenerates the secret and disables', async () => {
    const owner = await signUp(api, 'billing-hooks');
    const token = owner.accessToken;
    expect((await api.get('/v1/billing/webhooks/config', { token })).body).toEqual({ enabled: false, url: null, updatedAt: null });
    expectProblem(await api.post('/v1/billing/webhooks/regenerate-secret', { token }), 409, 'CONFLICT');
    const path = freshPath('billing');
    const enabled = await api.post('/v1/billing/webhooks/enable', { token, body: { url: receiver.url(path) } });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toEqual({ enabled: true, url: receiver.url(path), signingSecret: expect.stringMatching(/^whsec_/), updatedAt: expect.any(String) });
    const config = await api.get('/v1/billing/webhooks/config', { token });
    expect(config.body).toEqual({ enabled: true, url: receiver.url(path), updatedAt: expect.any(String) });

    expect((await postStripe(stripeEvent(owner.accountId, 'past_due'))).status).toBe(200);
    const [change] = await waitForDeliveries(path, 1, 'the subscription change');
    expect(change.body).toEqual({ eventType: 'SubscriptionChanged', timestamp: expect.any(String), accountId: owner.accountId, data: { status: expect.any(String) } });
    expect(change.headers['x-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(change.headers['x-signature']).toBe(bodySignature(change.raw, enabled.body.signingSecret));
    expect(change.headers['x-webhook-timestamp']).toBeUndefined();
    expect(change.headers['x-webhook-signature']).toBeUndefined();

    const regenerated = await api.post('/v1/billing/webhooks/regenerate-secret', { token });
    expect(regenerated.body.signingSecret).toMatch(/^whsec_/);
    expect(regenerated.body.signingSecret).not.toBe(enabled.body.signingSecret);
    expect((await postStripe(stripeEvent(owner.accountId, 'active'))).status).toBe(200);
    const [, next] = await waitForDeliveries(path, 2, 'the second change');
    expect(next.headers['x-signature']).toBe(bodySignature(next.raw, regenerated.body.signingSecret));
    expect(next.headers['x-signature']).not.toBe(bodySignature(next.raw, enabled.body.signingSecret));

    // Enabling again keeps the secret in use and does not read it out.
    const again = await api.post('/v1/billing/webhooks/enable', { token, body: { url: receiver.url(path) } });
    expect(again.body).toEqual({ enabled: true, url: receiver.url(path), updatedAt: expect.any(String) });
    const disabled = await api.post('/v1/billing/webhooks/disable', { token });
    expect(disabled.body).toMatchObject({ enabled: false, url: receiver.url(path) });
    expect(disabled.body.signingSecret).toBeUndefined();
    expect((await postStripe(stripeEvent(owner.accountId, 'past_due'))).status).toBe(200);
    // A message endpoint of the same account sees no subscription change; wait on a marker event instead of sleeping.
    expect(receiver.at(path)).toHaveLength(2);
  });

  it('refuses a bad URL, a Member and an API key without ManageWebhooks, storing nothing', async () => {
    const stored = () => countRows(booted.platform, 'webhook_dispatcher', 'webhook_endpoints', { account_id: admin.accountId, kind: 'billing' });
    const before = await stored();
    const http = await api.post('/v1/billing/webhooks/enable', { apiKey: keys.manage, body: { url: 'http://billing.example.com/' } });
    expectProblem(http, 400, 'VALIDATION_FAILED');
    expect(http.body.errors.url).toBeDefined();
    expectProblem(await api.post('/v1/billing/webhooks/enable', { apiKey: keys.manage, body: {} }), 400, 'VALIDATION_FAILED');
    expectProblem(await api.post('/v1/billing/webhooks/enable', { token: await memberToken(), body: { url: 'https://billing.example.com/' } }), 403, 'FORBIDDEN');
    expectProblem(await api.post('/v1/billing/webhooks/enable', { apiKey: keys.plain, body: { url: 'https://billing.example.com/' } }), 403, 'FORBIDDEN');
    expectProblem(await api.post('/v1/billing/webhooks/enable', { apiKey: keys.sub1, body: { url: 'https://billing.example.com/' } }), 404, 'NOT_FOUND');
    expect(await stored()).toBe(before);
  });
});
