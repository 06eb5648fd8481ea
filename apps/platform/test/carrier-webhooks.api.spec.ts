import { randomUUID } from 'node:crypto';
import { startFakeTwilio, type FakeTwilio } from '@mp/messaging/src/carriers/twilio/testing/fake-twilio';
import { sentAnswer, startFakeCloudApi, type FakeCloudApi } from '@mp/messaging/src/carriers/whatsapp-cloud/testing/fake-cloud-api';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import { ApiClient } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { metaSignature, metaStatusWebhook } from './support/meta-webhooks';
import { metric, scrapeMetrics } from './support/metrics';
import { bootPlatform, countRows, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

// Issue 29 points 2, 4 and 7 through the gateway: Meta's handshake and signed webhooks, Twilio's signed status and
// inbound callbacks, each ending where a user sees it (the message's status and carrier events, the account's
// inbound messages), and their bad input answered without a 5xx and with nothing stored.

jest.setTimeout(120_000);

const META = { name: 'meta-a', appSecret: 'meta-app-secret', verifyToken: 'meta-verify-token', phoneNumberId: '106540352242922' };
const TWILIO = { name: 'twilio-a', authToken: 'twilio-auth-token-0123456789abcdef', publicBaseUrl: 'https://callbacks.example.com' };
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
let cloud: FakeCloudApi;
let twilio: FakeTwilio;

beforeAll(async () => {
  [cloud, twilio] = await Promise.all([startFakeCloudApi(), startFakeTwilio()]);
  const connections = [
    { ...META, protocol: 'whatsapp-cloud', channel: 'WhatsApp', numbers: ['*'], priority: 1, baseUrl: cloud.url, accessToken: 'EAAtest-access-token' },
    { ...TWILIO, protocol: 'twilio', channel: 'Sms', numbers: ['*'], priority: 1, baseUrl: twilio.url, accountSid: ACCOUNT_SID },
  ];
  // A database of its own (embedded): on the PostgreSQL tier another platform's dispatch would send these messages.
  booted = await bootPlatform({ DATABASE_URL: '', CARRIER_CONNECTIONS: JSON.stringify(connections) });
  api = booted.api;
  user = await signUp(api, 'carrier-webhooks');
});

afterAll(async () => {
  await booted?.stop();
  await Promise.all([cloud?.close(), twilio?.stop()]);
});

const send = (body: Record<string, unknown>) => api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body });
const carrierEvents = async (messageId: string) => (await api.get(`/v1/messages/${messageId}/carrier-events`, { token: user.accessToken })).body.items as Array<Record<string, unknown>>;
const storedCallbacks = () => countRows(booted.platform, 'provider_callback', 'carrier_events', {});
const storedInbound = () => countRows(booted.platform, 'provider_callback', 'carrier_inbound_messages', {});

const metaSigned = (body: string, secret = META.appSecret) => metaSignature(body, secret);
const postMeta = (body: string, signature = metaSigned(body)) =>
  api.post(`/v1/webhooks/carriers/${META.name}`, { rawBody: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature } });
/** A statuses webhook in the shape of Meta's reference (…/webhooks/reference/messages/status), at its example time. */
const statusWebhook = (wamid: string, status: string, extra: Record<string, unknown> = {}) =>
  metaStatusWebhook({ phoneNumberId: META.phoneNumberId, displayNumber: '+15550783881', wamid, status, to: '+16505551234', at: new Date(1739321024_000), extra });

const form = (params: Record<string, string>) => new URLSearchParams(params).toString();
/** Signed by twilio-node's own code over the URL Twilio calls: the connection's publicBaseUrl, not this process's address. */
const postTwilio = (route: string, params: Record<string, string>, signature = getExpectedTwilioSignature(TWILIO.authToken, `${TWILIO.publicBaseUrl}/v1/webhooks/carriers/${TWILIO.name}/${route}`, params)) =>
  api.post(`/v1/webhooks/carriers/${TWILIO.name}/${route}`, {
    rawBody: form(params),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
  });

describe("Meta's WhatsApp Cloud API webhooks", () => {
  it('answers the verification handshake with the challenge as the body, and 403 to a wrong token', async () => {
    const ok = await api.get(`/v1/webhooks/carriers/${META.name}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${META.verifyToken}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(ok.text).toBe('1158201444');
    const wrong = await api.get(`/v1/webhooks/carriers/${META.name}?hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=guess`);
    expect(wrong.status).toBe(403);
    expect(wrong.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(wrong.text).not.toContain('1158201444');
  });

  it('delivers a WhatsApp message on its signed `read` status alone, once whatever Meta repeats, and records sent and read', async () => {
    const wamid = `wamid.${randomUUID()}`;
    cloud.answer(sentAnswer(wamid));
    const sent = await send({ channelType: 'WhatsApp', destination: freshDestination(), body: 'Your order has shipped', messageType: 'Transactional' });
    expect(sent.status).toBe(201);
    await waitForStatus(api, user, sent.body.messageId, ['dispatched']);
    for (const status of ['sent', 'read', 'delivered', 'read']) expect((await postMeta(statusWebhook(wamid, status))).status).toBe(200);

    const delivered = await waitForStatus(api, user, sent.body.messageId, ['delivered', 'undelivered']);
    expect(delivered.body.status).toBe('delivered');
    expect(delivered.body.auditTrail.filter((a: { toStatus: string }) => a.toStatus === 'delivered')).toHaveLength(1);
    const events = await waitFor(
      () => carrierEvents(sent.body.messageId),
      (items) => items.filter((e) => e.type === 'receipt').length === 3,
      { what: 'the three receipts as carrier events' },
    );
    expect(events.filter((e) => e.type === 'receipt').map((e) => [e.carrier, e.carrierMessageId, e.rawStatus])).toEqual([
      [META.name, wamid, 'sent'],
      [META.name, wamid, 'delivered'],
      [META.name, wamid, 'read'],
    ]);
  });

  it("makes a message undelivered on a signed `failed` status with Meta's error code", async () => {
    const wamid = `wamid.${randomUUID()}`;
    cloud.answer(sentAnswer(wamid));
    const sent = await send({ channelType: 'WhatsApp', destination: freshDestination(), body: 'Your code is 1234', messageType: 'Transactional' });
    await waitForStatus(api, user, sent.body.messageId, ['dispatched']);
    const failed = statusWebhook(wamid, 'failed', { errors: [{ code: 131026, title: 'Message undeliverable' }] });
    expect((await postMeta(failed)).status).toBe(200);
    const done = await waitForStatus(api, user, sent.body.messageId, ['delivered', 'undelivered']);
    expect(done.body.status).toBe('undelivered');
    expect(await carrierEvents(sent.body.messageId)).toContainEqual(expect.objectContaining({ type: 'receipt', rawStatus: 'undelivered', errorCode: '131026' }));
  });

  it('answers unsigned, wrongly signed, malformed and oversized webhooks without a 5xx, stores none of them, and counts each', async () => {
    const before = await storedCallbacks();
    const counted = await scrapeMetrics(booted.platform.url);
    const body = statusWebhook(`wamid.${randomUUID()}`, 'delivered');
    const answers = [
      await postMeta(body, ''),
      await postMeta(body, metaSigned(body, 'not-the-app-secret')),
      await postMeta(body, `sha256=${'0'.repeat(64)}`),
      await postMeta('{"object":"whatsapp_business_account","entry":[{"changes":[{"field":"messages","value":'),
      await postMeta('{"object":"page","entry":[]}'),
      await postMeta(body.replace(/}\]}\]}$/, '')),
      await postMeta(JSON.stringify({ object: 'whatsapp_business_account', entry: [], pad: 'x'.repeat(1_100_000) })),
    ];
    expect(answers.map((a) => [a.status, a.body?.code])).toEqual([
      [401, 'UNAUTHORIZED'],
      [401, 'UNAUTHORIZED'],
      [401, 'UNAUTHORIZED'],
      [400, 'INVALID_INPUT'],
      [400, 'INVALID_INPUT'],
      [400, 'INVALID_INPUT'],
      [413, 'PAYLOAD_TOO_LARGE'],
    ]);
    for (const a of answers) expect(a.text).not.toContain(META.appSecret);
    expect(await storedCallbacks()).toBe(before);
    // The 413 is the body parser's, before any connection is asked: not counted.
    const now = await scrapeMetrics(booted.platform.url);
    const moved = (outcome: string) => metric(now, 'carrier_connection_webhooks_total', { connection: META.name, outcome }) - metric(counted, 'carrier_connection_webhooks_total', { connection: META.name, outcome });
    expect([moved('bad-signature'), moved('bad-body'), moved('verified')]).toEqual([3, 3, 0]);
    expect(now).not.toContain(META.appSecret);
  });
});

describe("Twilio's callbacks", () => {
  it('sends with StatusCallback at the public address and delivers or fails the message on its signed status callbacks', async () => {
    const from = await sandboxNumber(api, user.accessToken);
    const outcomes: Record<string, string> = {};
    for (const [status, errorCode] of [['delivered', ''], ['undelivered', '30003']]) {
      const sid = `SM${randomUUID().replaceAll('-', '')}`;
      twilio.answer({ status: 201, body: JSON.stringify({ sid, status: 'queued', account_sid: ACCOUNT_SID }), contentType: 'application/json' });
      const sent = await send({ destination: freshDestination(), body: `status ${status}` });
      await waitForStatus(api, user, sent.body.messageId, ['dispatched']);
      expect(twilio.requests.at(-1)?.form).toMatchObject({ From: from, StatusCallback: `${TWILIO.publicBaseUrl}/v1/webhooks/carriers/${TWILIO.name}/status` });
      const params = { AccountSid: ACCOUNT_SID, ApiVersion: '2010-04-01', From: from, MessageSid: sid, MessageStatus: status, SmsSid: sid, SmsStatus: status, To: sent.body.destination, ...(errorCode ? { ErrorCode: errorCode } : {}) };
      for (let i = 0; i < 2; i++) {
        const answer = await postTwilio('status', params);
        expect(answer.status).toBe(200);
      }
      outcomes[status] = (await waitForStatus(api, user, sent.body.messageId, ['delivered', 'undelivered'])).body.status;
      expect((await carrierEvents(sent.body.messageId)).filter((e) => e.type === 'receipt')).toEqual([
        expect.objectContaining({ carrier: TWILIO.name, carrierMessageId: sid, rawStatus: status, errorCode: errorCode || null }),
      ]);
    }
    expect(outcomes).toEqual({ delivered: 'delivered', undelivered: 'undelivered' });
  });

  it('takes an inbound SMS into the account and answers it with empty TwiML', async () => {
    const to = await sandboxNumber(api, user.accessToken);
    const from = freshDestination();
    const sid = `SM${randomUUID().replaceAll('-', '')}`;
    const answer = await postTwilio('inbound', { MessageSid: sid, SmsSid: sid, AccountSid: ACCOUNT_SID, From: from, To: to, Body: 'Is my order on its way?', NumMedia: '0', NumSegments: '1' });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/xml/);
    expect(answer.text).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    const inbound = await waitFor(
      () => api.get(`/v1/accounts/${user.accountId}/inbound-messages?pageSize=200`, { token: user.accessToken }),
      (r) => r.status === 200 && r.body.items.some((m: { from: string }) => m.from === from),
      { what: 'the inbound SMS in the account' },
    );
    expect(inbound.body.items.find((m: { from: string }) => m.from === from)).toMatchObject({ channelType: 'Sms', to, body: 'Is my order on its way?' });
  });

  it('answers unsigned, wrongly signed and malformed callbacks without a 5xx, and stores none of them', async () => {
    const [receipts, inbound] = [await storedCallbacks(), await storedInbound()];
    const sid = `SM${randomUUID().replaceAll('-', '')}`;
    const params = { AccountSid: ACCOUNT_SID, MessageSid: sid, MessageStatus: 'delivered', From: '+15017250604', To: '+15558675310' };
    const answers = [
      await postTwilio('status', params, ''),
      await postTwilio('status', params, getExpectedTwilioSignature('not-the-token', `${TWILIO.publicBaseUrl}/v1/webhooks/carriers/${TWILIO.name}/status`, params)),
      // Signed for the address the pod sees, not the public one Twilio calls.
      await postTwilio('status', params, getExpectedTwilioSignature(TWILIO.authToken, `${booted.platform.url}/v1/webhooks/carriers/${TWILIO.name}/status`, params)),
      await postTwilio('inbound', { ...params, Body: 'hi' }, getExpectedTwilioSignature(TWILIO.authToken, `${TWILIO.publicBaseUrl}/v1/webhooks/carriers/${TWILIO.name}/status`, { ...params, Body: 'hi' })),
      await postTwilio('status', { AccountSid: ACCOUNT_SID, MessageSid: sid }),
    ];
    expect(answers.map((a) => [a.status, a.body?.code])).toEqual([
      [401, 'UNAUTHORIZED'],
      [401, 'UNAUTHORIZED'],
      [401, 'UNAUTHORIZED'],
      [401, 'UNAUTHORIZED'],
      [400, 'INVALID_INPUT'],
    ]);
    for (const a of answers) expect(a.text).not.toContain(TWILIO.authToken);
    expect([await storedCallbacks(), await storedInbound()]).toEqual([receipts, inbound]);
  });
});
