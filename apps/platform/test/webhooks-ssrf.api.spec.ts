import { createHmac, randomUUID } from 'node:crypto';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { ApiClient, ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, type SignedUpUser } from './support/journeys';
import { bootPlatform, countRows, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

/**
 * Issue point 7, "No SSRF", through the public API of a platform that refuses
 * private networks (WEBHOOK_ALLOW_PRIVATE_NETWORKS=false, as in production):
 * a URL whose host is an internal address, in any spelling, is refused where
 * it is given (create, update, billing enable) and nothing is stored; a name
 * that resolves inside (localhost) is accepted as a name but every delivery
 * to it (automatic, test, replay) fails with the refusal in the log, and the
 * loopback listeners the URLs point at never see a connection.
 *
 * Redirects are not covered here: with private networks refused no receiver
 * of this test can answer at all (it would live on loopback), so a 3xx can
 * never come back; webhook-poster.spec.ts covers "redirect not followed".
 */
let booted: BootedPlatform;
let api: ApiClient;
let admin: SignedUpUser;
let apiKey: string;
/** The port both loopback listeners (127.0.0.1 and, when the host has IPv6, ::1) share. */
let port: number;
const listeners: net.Server[] = [];
const connectionsSeen: string[] = [];

function listen(host: string, onPort: number): Promise<net.Server> {
  const server = net.createServer((socket) => {
    connectionsSeen.push(`${socket.remoteAddress} -> ${socket.localAddress}:${socket.localPort}`);
    socket.destroy();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(onPort, host, () => resolve(server));
  });
}

beforeAll(async () => {
  const v4 = await listen('127.0.0.1', 0);
  port = (v4.address() as AddressInfo).port;
  listeners.push(v4);
  try {
    listeners.push(await listen('::1', port));
  } catch {
    // No IPv6 loopback on this host (or the port is taken there): the IPv4 listener stands for both.
  }
  booted = await bootPlatform({ WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'false' });
  api = booted.api;
  admin = await signUp(api, 'ssrf');
  await sandboxNumber(api, admin.accessToken);
  const key = await api.post('/v1/api-keys', {
    token: admin.accessToken,
    body: { name: 'ssrf', rights: ['SendMessages', 'ReadMessages', 'ManageWebhooks'] },
  });
  if (key.status !== 201) throw new Error(`api key: ${key.text}`);
  apiKey = key.body.key;
}, 60_000);

afterAll(async () => {
  await booted?.stop();
  await Promise.all(listeners.map((server) => new Promise((closed) => server.close(closed))));
});

// Whatever a test did, nothing reached the loopback listeners.
afterEach(() => expect(connectionsSeen).toEqual([]));

const at = (template: string) => template.replace(':P/', `:${port}/`);
const endpointsStored = () => countRows(booted.platform, 'webhook_dispatcher', 'webhook_endpoints', { account_id: admin.accountId });

function expectUrlRefused(res: ApiResponse, address: string) {
  expect({ status: res.status, code: res.body?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ title: expect.any(String), detail: expect.any(String), traceId: expect.any(String) });
  expect(Object.keys(res.body.errors)).toEqual(['url']);
  // The address as the URL parser reads it, whatever the spelling: "must not point to an internal address: 127.0.0.1 is a loopback address".
  expect(String(res.body.errors.url)).toContain(`internal address: ${address} is `);
}

/**
 * [endpoint URL (P: the loopback listeners' port), the address it really names].
 * Every spelling a URL parser turns into an internal address: decimal, hex,
 * octal, shortened, percent-encoded and full-width IPv4; IPv6 loopback,
 * unspecified, IPv4-mapped, -compatible, NAT64 and 6to4 forms; private,
 * carrier-grade NAT, link-local (cloud metadata), multicast, broadcast,
 * unique-local and link-local IPv6 ranges.
 */
const LITERAL_INTERNAL: [string, string][] = [
  ['https://127.0.0.1:P/', '127.0.0.1'],
  ['https://127.0.0.1:P/hook?x=1', '127.0.0.1'],
  ['https://2130706433:P/', '127.0.0.1'],
  ['https://0x7f000001:P/', '127.0.0.1'],
  ['https://0177.0.0.1:P/', '127.0.0.1'],
  ['https://017700000001:P/', '127.0.0.1'],
  ['https://127.1:P/', '127.0.0.1'],
  ['https://0x7f.1:P/', '127.0.0.1'],
  ['https://0x7f.0x0.0x0.0x1:P/', '127.0.0.1'],
  ['https://127.0.0.1.:P/', '127.0.0.1'],
  ['https://%31%32%37.0.0.1:P/', '127.0.0.1'],
  ['https://\uff11\uff12\uff17.\uff10.\uff10.\uff11:P/', '127.0.0.1'],
  ['https://127.255.255.254:P/', '127.255.255.254'],
  ['https://[::1]:P/', '::1'],
  ['https://[0:0:0:0:0:0:0:1]:P/', '::1'],
  ['https://[::ffff:127.0.0.1]:P/', '::ffff:7f00:1'],
  ['https://[::ffff:7f00:1]:P/', '::ffff:7f00:1'],
  ['https://[::127.0.0.1]:P/', '::7f00:1'],
  ['https://[64:ff9b::127.0.0.1]:P/', '64:ff9b::7f00:1'],
  ['https://[2002:7f00:1::]:P/', '2002:7f00:1::'],
  ['https://0.0.0.0:P/', '0.0.0.0'],
  ['https://0:P/', '0.0.0.0'],
  ['https://[::]:P/', '::'],
  ['https://10.0.0.1/', '10.0.0.1'],
  ['https://172.16.0.1/', '172.16.0.1'],
  ['https://172.31.255.255/', '172.31.255.255'],
  ['https://192.168.1.1/', '192.168.1.1'],
  ['https://169.254.169.254/latest/meta-data/', '169.254.169.254'],
  ['https://[::ffff:169.254.169.254]/latest/meta-data/', '::ffff:a9fe:a9fe'],
  ['https://[fd00:ec2::254]/latest/meta-data/', 'fd00:ec2::254'],
  ['https://100.64.0.1/', '100.64.0.1'],
  ['https://224.0.0.1/', '224.0.0.1'],
  ['https://255.255.255.255/', '255.255.255.255'],
  ['https://[fe80::1]/', 'fe80::1'],
  ['https://[fc00::1]/', 'fc00::1'],
  ['https://[ff02::1]/', 'ff02::1'],
];

describe('a literal internal address is refused where it is given (spec 2.6, issue point 7)', () => {
  it.each(LITERAL_INTERNAL)('POST /v1/webhooks with %s: 400 naming url, nothing stored', async (template, address) => {
    const before = await endpointsStored();
    const res = await api.post('/v1/webhooks', { apiKey, body: { url: at(template), label: 'ssrf', subscribedEvents: 'AllMessageEvents' } });
    expectUrlRefused(res, address);
    expect(await endpointsStored()).toBe(before);
  });

  describe('PUT /v1/webhooks/{id} changing the url', () => {
    let webhookId: string;
    let original: Record<string, unknown>;
    beforeAll(async () => {
      // A name is judged when it resolves, so a public-looking one is accepted; no event it subscribes to happens here.
      const created = await api.post('/v1/webhooks', {
        apiKey,
        body: { url: 'https://hooks.example.com/in', label: 'update target', subscribedEvents: 'RecipientOptedIn' },
      });
      if (created.status !== 201) throw new Error(`create: ${created.text}`);
      webhookId = created.body.webhookId;
      original = (await api.get(`/v1/webhooks/${webhookId}`, { apiKey })).body;
    });

    it.each(LITERAL_INTERNAL)('to %s: 400 naming url, the endpoint unchanged', async (template, address) => {
      const res = await api.put(`/v1/webhooks/${webhookId}`, { apiKey, body: { url: at(template), label: 'changed', active: true } });
      expectUrlRefused(res, address);
      expect((await api.get(`/v1/webhooks/${webhookId}`, { apiKey })).body).toEqual(original);
    });
  });

  it.each(LITERAL_INTERNAL)('POST /v1/billing/webhooks/enable with %s: 400 naming url, nothing stored', async (template, address) => {
    const before = await endpointsStored();
    const res = await api.post('/v1/billing/webhooks/enable', { token: admin.accessToken, body: { url: at(template) } });
    expectUrlRefused(res, address);
    expect(await endpointsStored()).toBe(before);
    expect((await api.get('/v1/billing/webhooks/config', { token: admin.accessToken })).body).toEqual({ enabled: false, url: null, updatedAt: null });
  });
});

describe('a name that resolves to an internal address is refused when delivering', () => {
  /** What the guarded lookup says (localhost may answer 127.0.0.1 or ::1 first). */
  const REFUSED = /^localhost resolves only to internal addresses: refused$/;
  const refusedAttempt = (trigger: string) => ({
    trigger,
    statusCode: null,
    succeeded: false,
    error: expect.stringMatching(REFUSED),
    attemptedAt: expect.any(String),
    durationMs: expect.any(Number),
    number: expect.any(Number),
  });
  let webhookId: string;

  beforeAll(async () => {
    // Accepted: a name is not an address; it is judged at each connection.
    const created = await api.post('/v1/webhooks', { apiKey, body: { url: at('https://localhost:P/hook'), label: 'inside', subscribedEvents: 'AllMessageEvents' } });
    if (created.status !== 201) throw new Error(`create: ${created.text}`);
    webhookId = created.body.webhookId;
  });

  it("a message event's delivery fails with the refusal in the log, without a connection", async () => {
    const sent = await api.post(`/v1/accounts/${admin.accountId}/messages`, { apiKey, body: { to: freshDestination(), body: 'Hello' } });
    expect(sent.status).toBe(201);
    const messageId = sent.body.messageId;
    const log = await waitFor(
      () => api.get(`/v1/webhooks/${webhookId}/deliveries`, { apiKey }),
      (r) => r.status === 200 && r.body.items.some((d: any) => d.messageId === messageId && d.attempts.length > 0),
      { what: `an attempted delivery of message ${messageId}` },
    );
    const delivery = log.body.items.find((d: any) => d.messageId === messageId && d.attempts.length > 0);
    expect(delivery).toMatchObject({ webhookId, messageId, event: { messageId, accountId: admin.accountId } });
    expect(delivery.status).not.toBe('Succeeded');
    for (const attempt of delivery.attempts) expect(attempt).toEqual(refusedAttempt(attempt.number === 1 ? 'first' : 'retry'));
    expect(connectionsSeen).toEqual([]);
  });

  it('POST /v1/webhooks/{id}/test answers a failed WebhookTest delivery with the refusal, without a connection', async () => {
    const res = await api.post(`/v1/webhooks/${webhookId}/test`, { apiKey });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ webhookId, eventType: 'WebhookTest', status: 'Failed', event: { eventType: 'WebhookTest' } });
    expect(res.body.attempts).toEqual([refusedAttempt('test')]);
    expect(connectionsSeen).toEqual([]);
  });

  it('a replay is refused the same way', async () => {
    const tested = await api.post(`/v1/webhooks/${webhookId}/test`, { apiKey });
    const res = await api.post(`/v1/webhooks/${webhookId}/deliveries/${tested.body.deliveryLogId}/replay`, { apiKey });
    expect(res.status).toBe(200);
    expect(res.body.attempts).toEqual([refusedAttempt('test'), refusedAttempt('replay')]);
    expect(connectionsSeen).toEqual([]);
  });

  it('upper case makes no difference', async () => {
    const created = await api.post('/v1/webhooks', { apiKey, body: { url: at('https://LOCALHOST:P/hook'), subscribedEvents: 'MessageDelivered' } });
    expect(created.status).toBe(201);
    const res = await api.post(`/v1/webhooks/${created.body.webhookId}/test`, { apiKey });
    expect(res.body.attempts).toEqual([refusedAttempt('test')]);
    expect(connectionsSeen).toEqual([]);
  });

  it('the billing webhook at such a name is refused the same way when the subscription changes', async () => {
    const url = at('https://localhost:P/billing');
    const enabled = await api.post('/v1/billing/webhooks/enable', { token: admin.accessToken, body: { url } });
    expect(enabled.status).toBe(200);
    expect(enabled.body).toMatchObject({ enabled: true, url, signingSecret: expect.stringMatching(/^whsec_/) });
    // The payment processor reports a changed subscription (sandbox secret, DECISIONS "Callbacks"): identity emits SubscriptionChanged.
    const raw = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `sub_${randomUUID().slice(0, 8)}`, object: 'subscription', status: 'past_due', metadata: { accountId: admin.accountId } } },
    });
    const signature = createHmac('sha256', 'sandbox-stripe-secret').update(raw).digest('hex');
    const callback = await api.post('/v1/webhooks/stripe', { rawBody: raw, headers: { 'content-type': 'application/json', 'x-signature': signature } });
    expect(callback.status).toBe(200);
    // The billing webhook has no delivery log route: its delivery row, straight from the service's schema.
    const deliveries = booted.platform.adapters.databases.forSchema('webhook_dispatcher');
    const attempted = await waitFor(
      () => deliveries('webhook_deliveries').where({ account_id: admin.accountId, event_type: 'SubscriptionChanged' }).first(),
      (row) => row !== undefined && attemptsOf(row).length > 0,
      { what: 'an attempted SubscriptionChanged delivery' },
    );
    expect(attemptsOf(attempted)[0]).toEqual(refusedAttempt('first'));
    expect(connectionsSeen).toEqual([]);
  });
});

/** The attempts column (jsonb: parsed by one driver, text from another). */
const attemptsOf = (row: { attempts: unknown }): any[] => (typeof row.attempts === 'string' ? JSON.parse(row.attempts) : (row.attempts as any[]));
