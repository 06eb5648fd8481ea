import { createHmac, randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { startApp, type RunningApp } from './distributed/app-process';
import { localEnv } from './distributed/local-env';
import { ApiClient, type ApiResponse } from './support/api-client';
import { metaSignature, metaStatusWebhook } from './support/meta-webhooks';
import { signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { bootPlatform, countRows, externalEnv, type BootedPlatform } from './support/platform-fixture';

// Issue 14 point 5: a standalone provider-callback serves the callback paths of
// spec 4.6 over HTTP itself (the k8s Ingress sends carriers there), with the
// gateway's signature checks and answers, and what it takes in reaches the message.

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432';
const SIM_SECRET = 'sandbox-sim-secret'; // the all-in-one sandbox's default (apps/platform/src/config.ts)

let storage: { DATABASE_URL: string; KAFKA_BROKERS?: string; release(): Promise<void> } | string;
let booted: BootedPlatform;
let gateway: ApiClient;
let ingress: ApiClient;
let callbackApp: RunningApp;
let user: SignedUpUser;

beforeAll(async () => {
  storage = await sharedStorage();
  if (typeof storage === 'string') return console.warn(`callback-ingress: skipped: ${storage}`);
  // The platform (gateway, messaging...) in-process, and provider-callback as its own process on the same storage.
  booted = await bootPlatform({ DATABASE_URL: storage.DATABASE_URL, ...(storage.KAFKA_BROKERS ? { KAFKA_BROKERS: storage.KAFKA_BROKERS } : {}) });
  gateway = booted.api;
  const keys = Object.fromEntries(Object.entries(localEnv()).filter(([name]) => /_TOKEN_/.test(name)));
  callbackApp = await startApp('provider-callback', {
    ...keys,
    DATABASE_URL: storage.DATABASE_URL,
    ...(storage.KAFKA_BROKERS ? { KAFKA_BROKERS: storage.KAFKA_BROKERS } : {}),
    SANDBOX: 'true',
    LOG_LEVEL: 'info',
    GRPC_PORT: '0',
    HTTP_PORT: '0',
    CALLBACK_HTTP_PORT: '0',
    CALLBACK_SECRET_SIM: SIM_SECRET,
    PUBLIC_BASE_URL: booted.env.PUBLIC_BASE_URL ?? 'http://localhost:8080',
    // The sandbox's WhatsApp connection (apps/platform/src/sandbox-connections.ts): its webhooks verified here too.
    CARRIER_CONNECTIONS: JSON.stringify([SANDBOX_WHATSAPP]),
  });
  ingress = new ApiClient(`http://127.0.0.1:${callbackPort(callbackApp.output())}`);
  user = await signUp(gateway, 'callback-ingress');
}, 180_000);

afterAll(async () => {
  if (callbackApp) {
    callbackApp.child.kill('SIGTERM');
    await callbackApp.exited;
  }
  await booted?.stop();
  if (typeof storage !== 'string') await storage.release();
});

const SANDBOX_WHATSAPP = {
  name: 'sim-whatsapp',
  protocol: 'whatsapp-cloud',
  channel: 'WhatsApp',
  numbers: ['*'],
  priority: 1,
  phoneNumberId: '100000000000001',
  accessToken: 'sandbox-whatsapp-access-token',
  appSecret: 'sandbox-whatsapp-app-secret',
  verifyToken: 'sandbox-whatsapp-verify-token',
};

const sign = (raw: string, secret = SIM_SECRET) => createHmac('sha256', secret).update(raw).digest('hex');
const metaSign = (raw: string, secret = SANDBOX_WHATSAPP.appSecret) => metaSignature(raw, secret);
const metaStatus = (wamid: string, status: string, to: string) =>
  metaStatusWebhook({ phoneNumberId: SANDBOX_WHATSAPP.phoneNumberId, displayNumber: '+15550100001', wamid, status, to });
const receipts = '/v1/webhooks/carriers/sim/receipts';
const carrierEvents = () => countRows(booted.platform, 'provider_callback', 'carrier_events');
const receipt = (reference: string) =>
  JSON.stringify({ eventId: randomUUID(), carrierMessageId: 'sim-ingress', reference, status: 'delivered', occurredAt: new Date().toISOString() });

describe('the callback ingress of a standalone provider-callback', () => {
  it('takes a signed carrier receipt: 200 {received:true}, a repeat stored once, and the message reaches delivered once', async () => {
    if (typeof storage === 'string') return;
    const destination = '+14155550171';
    await gateway.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(destination)}`, { token: user.accessToken, body: { outcome: 'no-receipt' } });
    const sent = await gateway.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { to: destination, body: 'receipt via the ingress' } });
    expect(sent.status).toBe(201);
    await waitForStatus(gateway, user, sent.body.messageId, ['dispatched']);

    const raw = receipt(`${sent.body.messageId}:1`);
    const before = await carrierEvents();
    for (let i = 0; i < 3; i++) {
      const res = await ingress.post(receipts, { rawBody: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(raw) } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { received: true } });
    }
    expect(await carrierEvents()).toBe(before + 1);
    const delivered = await waitForStatus(gateway, user, sent.body.messageId, ['delivered']);
    expect(delivered.body.auditTrail.filter((a: { toStatus: string }) => a.toStatus === 'delivered')).toHaveLength(1);
  });

  it.each([
    ['no signature', receipts, (raw: string) => ({ rawBody: raw, headers: { 'content-type': 'application/json' } })],
    ['a wrong signature', receipts, (raw: string) => ({ rawBody: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(raw, 'not-the-secret') } })],
    ['a body altered after signing', receipts, (raw: string) => ({ rawBody: `${raw} `, headers: { 'content-type': 'application/json', 'x-signature': sign(raw) } })],
    ['an unknown provider', '/v1/webhooks/carriers/acme/receipts', (raw: string) => ({ rawBody: raw, headers: { 'x-signature': sign(raw) } })],
    ['a kind the carrier does not post (signed)', '/v1/webhooks/carriers/sim/refunds', (raw: string) => ({ rawBody: raw, headers: { 'x-signature': sign(raw) } })],
    ['an unsigned registry callback', '/v1/webhooks/tcr', (raw: string) => ({ rawBody: raw, headers: { 'content-type': 'application/json' } })],
    ['a body over 1 MB', '/v1/webhooks/stripe', () => ({ rawBody: 'x'.repeat(1024 * 1024 + 1), headers: { 'content-type': 'application/json' } })],
    ['a path segment that is not UTF-8', '/v1/webhooks/carriers/%FF/receipts', (raw: string) => ({ rawBody: raw, headers: { 'x-signature': sign(raw) } })],
  ])('answers %s as the gateway does, and stores nothing', async (_case, path, request) => {
    if (typeof storage === 'string') return;
    const raw = receipt(`${randomUUID()}:1`);
    const before = await carrierEvents();
    const direct = await ingress.post(path, request(raw));
    const viaGateway = await gateway.post(path, request(raw));
    expect(direct.status).toBeGreaterThanOrEqual(400);
    expect(answer(direct)).toEqual(answer(viaGateway));
    expect(direct.headers.get('x-trace-id')).toBe(direct.body.traceId);
    expect(await carrierEvents()).toBe(before);
  });

  it("answers Meta's handshake and takes its signed status webhooks as the gateway does (issue 29)", async () => {
    if (typeof storage === 'string') return;
    const handshake = (token: string) => `/v1/webhooks/carriers/sim-whatsapp?hub.mode=subscribe&hub.challenge=8675309&hub.verify_token=${token}`;
    for (const client of [ingress, gateway]) {
      const ok = await client.get(handshake(SANDBOX_WHATSAPP.verifyToken));
      expect({ status: ok.status, type: ok.headers.get('content-type'), text: ok.text }).toEqual({ status: 200, type: expect.stringMatching(/^text\/plain/), text: '8675309' });
    }
    const [direct, viaGateway] = [await ingress.get(handshake('guess')), await gateway.get(handshake('guess'))];
    expect(direct.status).toBe(403);
    expect(answer(direct)).toEqual(answer(viaGateway));

    const destination = '+14155550172';
    await gateway.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(destination)}`, { token: user.accessToken, body: { outcome: 'no-receipt' } });
    const sent = await gateway.post(`/v1/accounts/${user.accountId}/messages`, {
      token: user.accessToken,
      body: { channelType: 'WhatsApp', destination, body: 'status via the ingress', messageType: 'Transactional' },
    });
    expect(sent.status).toBe(201);
    await waitForStatus(gateway, user, sent.body.messageId, ['dispatched']);
    const events = await gateway.get(`/v1/messages/${sent.body.messageId}/carrier-events`, { token: user.accessToken });
    const wamid = events.body.items.find((e: { type: string }) => e.type === 'submission_accepted').carrierMessageId;
    const raw = metaStatus(wamid, 'delivered', destination);
    const path = '/v1/webhooks/carriers/sim-whatsapp';
    const before = await carrierEvents();
    const [unsigned, unsignedViaGateway] = [await ingress.post(path, { rawBody: raw, headers: { 'x-hub-signature-256': metaSign(raw, 'not-the-secret') } }), await gateway.post(path, { rawBody: raw, headers: { 'x-hub-signature-256': metaSign(raw, 'not-the-secret') } })];
    expect(unsigned.status).toBe(401);
    expect(answer(unsigned)).toEqual(answer(unsignedViaGateway));
    expect(await carrierEvents()).toBe(before);
    for (let i = 0; i < 2; i++) {
      const res = await ingress.post(path, { rawBody: raw, headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSign(raw) } });
      expect({ status: res.status, body: res.body }).toEqual({ status: 200, body: { received: true } });
    }
    expect(await carrierEvents()).toBe(before + 1);
    const delivered = await waitForStatus(gateway, user, sent.body.messageId, ['delivered']);
    expect(delivered.body.auditTrail.filter((a: { toStatus: string }) => a.toStatus === 'delivered')).toHaveLength(1);
  });

  it('serves nothing but the callback paths', async () => {
    if (typeof storage === 'string') return;
    const res = await ingress.get(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: `No route for GET /v1/accounts/${user.accountId}/messages.` });
  });
});

/** What a caller sees of an answer, but its trace id (one per request). */
function answer(res: ApiResponse) {
  const { traceId, ...body } = res.body as Record<string, unknown>;
  return { status: res.status, contentType: res.headers.get('content-type'), body, traced: typeof traceId === 'string' && traceId.length === 32 };
}

/** The port from provider-callback's "callback ingress listening" log line. */
function callbackPort(output: string): number {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { message?: string; callbackPort?: number };
    if (entry.message === 'callback ingress listening' && entry.callbackPort) return entry.callbackPort;
  }
  throw new Error(`provider-callback did not open its callback ingress:\n${output}`);
}

/**
 * Storage both processes reach: CI's DATABASE_URL (and KAFKA_BROKERS) when set,
 * else a fresh database on the local PostgreSQL (events through its embedded log).
 */
async function sharedStorage(): Promise<{ DATABASE_URL: string; KAFKA_BROKERS?: string; release(): Promise<void> } | string> {
  const external = externalEnv();
  if (external.DATABASE_URL) return { DATABASE_URL: external.DATABASE_URL, KAFKA_BROKERS: external.KAFKA_BROKERS, release: async () => {} };
  const admin = new Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
  try {
    await admin.connect();
  } catch (error) {
    return `no DATABASE_URL and no PostgreSQL at ${LOCAL_POSTGRES} (${(error as Error).message}): the standalone process needs storage it shares with the platform`;
  }
  const database = `callback_ingress_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${database}`);
  return {
    DATABASE_URL: `${LOCAL_POSTGRES}/${database}`,
    async release() {
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}
