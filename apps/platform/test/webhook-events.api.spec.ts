import type { ApiClient, ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, type SignedUpUser } from './support/journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';
import { signatureValid, WebhookReceiver, type ReceivedDelivery } from './support/webhook-receiver';

/**
 * What each message webhook event carries and who gets it, through the public
 * API (spec 2.6, 6.1, 6.2, 6.3): every event type, triggered the way a
 * customer's traffic triggers it (sandbox carrier behaviours, the sandbox
 * clock, recipients' replies, consent changes), arrives signed with the exact
 * 6.2 payload; subscriptions (names, the AllMessageEvents group, the separate
 * reply and consent subscriptions, changes by PUT) and scopes (account-level,
 * subaccount, accountLevelOnly consent) decide who receives it; CSV imports
 * send nothing; and each event reaches each endpoint once. "Not delivered" is
 * proved, never slept on: the event was delivered to another endpoint (so its
 * fan-out, which writes every endpoint's delivery in one transaction, is
 * done), a later event reached the endpoint, and neither the receiver nor the
 * endpoint's delivery log has it.
 */
let booted: BootedPlatform;
let api: ApiClient;
let receiver: WebhookReceiver;
let admin: SignedUpUser;
/** The account's sandbox number: it sends every message and receives the replies. */
let number: string;
let sub1: string;
let sub2: string;
/** An account-level key that sends, reads, manages webhooks and consent, and drives the sandbox (the suite moves the clock). */
let key: string;
/** A template with reply options C and R. */
let templateId: string;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LIFECYCLE = ['MessageAccepted', 'MessageDelivered', 'MessageFailed', 'MessageRejected', 'MessageDeadLettered', 'MessageExpired'];
const CONSENT_EVENTS = 'RecipientOptedOut,RecipientOptedIn';

beforeAll(async () => {
  receiver = await WebhookReceiver.start();
  booted = await sharedPlatform();
  api = booted.api;
  admin = await signUp(api, 'webhook-events');
  number = await sandboxNumber(api, admin.accessToken);
  const subs = await Promise.all(
    ['Clinic', 'Shop'].map((name) => api.post(`/v1/accounts/${admin.accountId}/subaccounts`, { token: admin.accessToken, body: { name } })),
  );
  [sub1, sub2] = subs.map((s) => s.body.subaccountId);
  const created = await api.post('/v1/api-keys', {
    token: admin.accessToken,
    body: { name: 'events', rights: ['SendMessages', 'ReadMessages', 'ManageWebhooks', 'ManageRecipientConsent'] },
  });
  if (created.status !== 201) throw new Error(`api key: ${created.text}`);
  key = created.body.key;
  const template = await api.post('/v1/templates', {
    token: admin.accessToken,
    body: {
      name: 'Appointment',
      channelType: 'Sms',
      bodyTemplate: 'Hi {{name}}, reply C to confirm or R to reschedule.',
      replyOptions: [
        { key: 'C', value: 'Confirm', aliases: ['ok'] },
        { key: 'R', value: 'Reschedule' },
      ],
    },
  });
  if (template.status !== 201) throw new Error(`template: ${template.text}`);
  templateId = template.body.templateId;
}, 60_000);

afterAll(async () => {
  await receiver?.stop();
});

// ---- endpoints -------------------------------------------------------------

interface Hook {
  webhookId: string;
  signingSecret: string;
  path: string;
}

/** The body of a delivery (spec 6.2). */
interface Payload {
  eventType: string;
  timestamp: string;
  accountId: string;
  subaccountId: string | null;
  messageId: string | null;
  data: Record<string, any>;
}

type Match = (payload: Payload) => boolean;

const hooksOfTest: Hook[] = [];
let paths = 0;

/** An active endpoint on a receiver path of its own. */
async function createHook(subscribedEvents: string, subaccountId?: string): Promise<Hook> {
  const path = `/webhook-events-${++paths}`;
  const res = await api.post('/v1/webhooks', { apiKey: key, body: { url: receiver.url(path), label: `events ${paths}`, subscribedEvents, subaccountId } });
  if (res.status !== 201) throw new Error(`create webhook: ${res.text}`);
  const hook = { webhookId: res.body.webhookId, signingSecret: res.body.signingSecret, path };
  hooksOfTest.push(hook);
  return hook;
}

// A test's endpoints stop receiving when it ends (their logs stay), so later tests' events do not pile up on them.
afterEach(async () => {
  const hooks = hooksOfTest.splice(0);
  await Promise.all(hooks.map((h) => api.put(`/v1/webhooks/${h.webhookId}`, { apiKey: key, body: { active: false } })));
});

const deliveriesAt = (hook: Hook, match: Match = () => true): ReceivedDelivery[] =>
  receiver.at(hook.path).filter((d) => d.body !== undefined && match(d.body as Payload));

async function waitForDeliveries(hook: Hook, match: Match, count: number, what: string): Promise<ReceivedDelivery[]> {
  return waitFor(
    async () => deliveriesAt(hook, match),
    (got) => got.length >= count,
    { what: `${count} x ${what} at ${hook.path}` },
  );
}

/** Waits for the one delivery of `eventType` that `match` selects. */
async function waitForEvent(hook: Hook, eventType: string, match: Match, what = eventType): Promise<ReceivedDelivery> {
  const [delivery] = await waitForDeliveries(hook, (p) => p.eventType === eventType && match(p), 1, what);
  return delivery;
}

const ofMessage =
  (messageId: string, eventType?: string): Match =>
  (p) =>
    p.messageId === messageId && (eventType === undefined || p.eventType === eventType);
const ofRecipient =
  (recipient: string, eventType?: string): Match =>
  (p) =>
    p.eventType.startsWith('Recipient') && p.data?.recipient === recipient && (eventType === undefined || p.eventType === eventType);
const replyFrom =
  (from: string, body?: string): Match =>
  (p) =>
    p.eventType === 'MessageReceived' && p.data?.from === from && (body === undefined || p.data.body === body);
const anyOf =
  (...matches: Match[]): Match =>
  (p) =>
    matches.some((m) => m(p));

/** The endpoint's delivery log (newest first); each item carries the event body. */
async function deliveryLog(hook: Hook): Promise<Array<{ deliveryLogId: string; eventType: string; status: string; attempts: unknown[]; event: Payload }>> {
  const res = await api.get(`/v1/webhooks/${hook.webhookId}/deliveries?pageSize=200`, { apiKey: key });
  expect(res.status).toBe(200);
  return res.body.items;
}

/**
 * The endpoint never gets events matching `match`. Call it once the events
 * were seen at another endpoint (their fan-out is done) and a later event
 * reached this endpoint (nothing is still in flight): the delivery log is
 * then final for them.
 */
async function expectNotDelivered(hook: Hook, match: Match) {
  expect(deliveriesAt(hook, match).map((d) => d.body)).toEqual([]);
  expect((await deliveryLog(hook)).filter((item) => match(item.event)).map((item) => item.event)).toEqual([]);
}

/** Spec 6.3: delivery id, wall-clock unix seconds, and sha256= HMAC of "<timestamp>.<raw body>" under the endpoint's secret only. */
function expectSigned(delivery: ReceivedDelivery, hook: Hook) {
  expect(delivery.headers['content-type']).toMatch(/^application\/json/);
  expect(delivery.headers['x-webhook-id']).toMatch(UUID);
  const timestamp = delivery.headers['x-webhook-timestamp'];
  expect(timestamp).toMatch(/^\d{10}$/);
  expect(Math.abs(Number(timestamp) - delivery.receivedAt / 1000)).toBeLessThan(30);
  expect(delivery.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
  expect(signatureValid(delivery, hook.signingSecret)).toBe(true);
  expect(signatureValid(delivery, `${hook.signingSecret}x`)).toBe(false);
  expect(signatureValid({ ...delivery, raw: delivery.raw.replace('"eventType"', '"eventType" ') }, hook.signingSecret)).toBe(false);
  expect(signatureValid({ ...delivery, headers: { ...delivery.headers, 'x-webhook-timestamp': String(Number(timestamp) + 1) } }, hook.signingSecret)).toBe(false);
}

/** An ISO-8601 time within [from, to] of the platform clock (a second's slack between services' readings). */
function expectTimeWithin(iso: string, from: number, to: number) {
  expect(iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
  const at = Date.parse(iso);
  expect(at).toBeGreaterThanOrEqual(from - 1000);
  expect(at).toBeLessThanOrEqual(to + 1000);
}

// ---- what triggers events --------------------------------------------------

async function clockNow(): Promise<number> {
  return new Date((await api.get('/v1/sandbox/clock')).body.now).getTime();
}

async function advance(seconds: number): Promise<void> {
  const res = await api.post('/v1/sandbox/clock/advance', { apiKey: key, body: { seconds } });
  expect(res.status).toBe(200);
}

/** A whole-second UTC time `seconds` after the platform clock's now. */
async function clockIn(seconds: number): Promise<string> {
  return new Date(Math.ceil((await clockNow()) / 1000) * 1000 + seconds * 1000).toISOString().replace('.000Z', 'Z');
}

async function behave(destination: string, outcome: string, afterSeconds?: number): Promise<void> {
  const res = await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(destination)}`, { apiKey: key, body: { outcome, afterSeconds } });
  expect(res.status).toBe(200);
}

async function send(fields: Record<string, unknown>, subaccountId?: string): Promise<string> {
  const path = subaccountId ? `/v1/subaccounts/${subaccountId}/messages` : `/v1/accounts/${admin.accountId}/messages`;
  const res = await api.post(path, { apiKey: key, body: fields.templateId ? fields : { body: 'Hello', ...fields } });
  if (res.status !== 201) throw new Error(`send: ${res.text}`);
  return res.body.messageId;
}

const getMessage = (messageId: string) => api.get(`/v1/accounts/${admin.accountId}/messages/${messageId}`, { apiKey: key });

async function waitForStatus(messageId: string, status: string): Promise<ApiResponse> {
  return waitFor(
    () => getMessage(messageId),
    (r) => r.status === 200 && r.body.status === status,
    { what: `message ${messageId} ${status}` },
  );
}

/** A recipient texts `body` to the account's number (the carrier posts it to the platform). */
async function inbound(from: string, body: string): Promise<void> {
  const res = await api.post('/v1/sandbox/inbound', { apiKey: key, body: { channelType: 'Sms', from, to: number, body } });
  expect(res.status).toBe(202);
}

/** The stored reply, as the inbound list shows it. */
async function storedReply(from: string, body: string): Promise<Record<string, any>> {
  const list = await waitFor(
    () => api.get(`/v1/accounts/${admin.accountId}/inbound-messages?pageSize=200`, { apiKey: key }),
    (r) => r.status === 200 && r.body.items.some((i: { from: string; body: string }) => i.from === from && i.body === body),
    { what: `the reply "${body}" from ${from}` },
  );
  return list.body.items.find((i: { from: string; body: string }) => i.from === from && i.body === body);
}

const accountConsent = () => `/v1/accounts/${admin.accountId}/recipient-consent`;
const subConsent = (subaccountId: string) => `/v1/subaccounts/${subaccountId}/recipient-consent`;

async function optOut(base: string, body: Record<string, unknown>): Promise<void> {
  const res = await api.post(`${base}/opt-out`, { apiKey: key, body: { channelType: 'Sms', ...body } });
  expect([res.status, res.body?.detail]).toEqual([201, undefined]);
}

async function optIn(base: string, body: Record<string, unknown>): Promise<ApiResponse> {
  const res = await api.post(`${base}/opt-in`, {
    apiKey: key,
    body: { channelType: 'Sms', consentConfirmed: true, consentMethod: 'WebForm', consentEvidence: 'form 17', ...body },
  });
  expect([res.status, res.body?.detail]).toEqual([200, undefined]);
  return res;
}

/** Consent events written to consent's outbox for a recipient: what the webhooks could ever carry. */
const consentOutbox = (recipient: string) => countRows(booted.platform, 'consent', 'outbox', { key: recipient });

// ---- every event type -------------------------------------------------------

describe('every event type, signed, with the 6.2 payload (spec 6.1-6.3)', () => {
  it('MessageAccepted and MessageDelivered', async () => {
    const hook = await createHook('MessageAccepted,MessageDelivered');
    const before = await clockNow();
    const messageId = await send({ to: freshDestination(), clientReference: 'order-17' });
    const delivered = await waitForEvent(hook, 'MessageDelivered', ofMessage(messageId));
    const accepted = await waitForEvent(hook, 'MessageAccepted', ofMessage(messageId));
    const after = await clockNow();
    for (const delivery of [accepted, delivered]) {
      expectSigned(delivery, hook);
      expectTimeWithin(delivery.body.timestamp, before, after);
    }
    expect(accepted.headers['x-webhook-id']).not.toBe(delivered.headers['x-webhook-id']);
    expect(accepted.body).toEqual({
      eventType: 'MessageAccepted',
      timestamp: expect.any(String),
      accountId: admin.accountId,
      subaccountId: null,
      messageId,
      data: { clientReference: 'order-17', previousState: null, reason: 'accepted', state: 'queued', channelType: 'Sms', attempt: 1 },
    });
    expect(delivered.body).toEqual({
      eventType: 'MessageDelivered',
      timestamp: expect.any(String),
      accountId: admin.accountId,
      subaccountId: null,
      messageId,
      data: { clientReference: 'order-17', previousState: 'dispatched', reason: 'delivered', state: 'delivered', channelType: 'Sms', attempt: 1 },
    });
    expect(Date.parse(delivered.body.timestamp)).toBeGreaterThanOrEqual(Date.parse(accepted.body.timestamp));
  });

  it('MessageFailed for a non-delivery receipt, on a subaccount message without a clientReference', async () => {
    const hook = await createHook('AllMessageEvents');
    const to = freshDestination();
    await behave(to, 'undelivered', 0);
    const messageId = await send({ to }, sub1);
    const failed = await waitForEvent(hook, 'MessageFailed', ofMessage(messageId));
    expectSigned(failed, hook);
    expect(failed.body).toEqual({
      eventType: 'MessageFailed',
      timestamp: expect.any(String),
      accountId: admin.accountId,
      subaccountId: sub1,
      messageId,
      data: { clientReference: null, previousState: 'dispatched', reason: 'unreachable handset', state: 'undelivered', channelType: 'Sms', attempt: 1 },
    });
    const both = await waitForDeliveries(hook, ofMessage(messageId), 2, `events of ${messageId}`);
    expect(both.map((d) => d.body.eventType).sort()).toEqual(['MessageAccepted', 'MessageFailed']);
    expect(both.find((d) => d.body.eventType === 'MessageAccepted')!.body.subaccountId).toBe(sub1);
  });

  it('MessageRejected when the carrier refuses the message, and when the recipient opted out', async () => {
    const hook = await createHook('MessageRejected');
    const refusedTo = freshDestination();
    await behave(refusedTo, 'failed');
    const optedOutTo = freshDestination();
    await optOut(accountConsent(), { recipient: optedOutTo, scope: 'accountLevelOnly' });
    const refused = await send({ to: refusedTo, clientReference: 'refused-1' });
    const blocked = await send({ to: optedOutTo, clientReference: 'blocked-1' });
    const byCarrier = await waitForEvent(hook, 'MessageRejected', ofMessage(refused));
    const byConsent = await waitForEvent(hook, 'MessageRejected', ofMessage(blocked));
    for (const d of [byCarrier, byConsent]) expectSigned(d, hook);
    const base = { eventType: 'MessageRejected', timestamp: expect.any(String), accountId: admin.accountId, subaccountId: null };
    expect(byCarrier.body).toEqual({
      ...base,
      messageId: refused,
      data: { clientReference: 'refused-1', previousState: 'queued', reason: 'invalid destination', state: 'failed', channelType: 'Sms', attempt: 1 },
    });
    expect(byConsent.body).toEqual({
      ...base,
      messageId: blocked,
      data: {
        clientReference: 'blocked-1',
        previousState: 'queued',
        reason: 'recipient opted out of account-level sending',
        state: 'failed',
        channelType: 'Sms',
        attempt: 1,
      },
    });
  });

  it('MessageDeadLettered when the carrier stays unavailable through every try (sandbox clock)', async () => {
    const hook = await createHook('AllMessageEvents');
    const to = freshDestination();
    await behave(to, 'unavailable');
    const messageId = await send({ to, clientReference: 'dead-1' });
    await waitForEvent(hook, 'MessageAccepted', ofMessage(messageId));
    // Tries back off 2, 4, 8, 16 s on the platform clock (DISPATCH_MAX_ATTEMPTS 5): each advance runs the try that fell due.
    for (let i = 0; i < 10 && (await getMessage(messageId)).body.status !== 'failed'; i++) await advance(20);
    expect((await getMessage(messageId)).body.status).toBe('failed');
    const dead = await waitForEvent(hook, 'MessageDeadLettered', ofMessage(messageId));
    expectSigned(dead, hook);
    expect(dead.body).toEqual({
      eventType: 'MessageDeadLettered',
      timestamp: expect.any(String),
      accountId: admin.accountId,
      subaccountId: null,
      messageId,
      data: {
        clientReference: 'dead-1',
        previousState: 'queued',
        reason: expect.stringMatching(/^carrier did not accept the message after 5 attempts \(.+\)$/),
        state: 'failed',
        channelType: 'Sms',
        attempt: 1,
      },
    });
    // Retries in between are not events: accepted, then dead-lettered, nothing else (MessageFailed, MessageRejected).
    expect(deliveriesAt(hook, ofMessage(messageId)).map((d) => d.body.eventType)).toEqual(['MessageAccepted', 'MessageDeadLettered']);
  });

  it('MessageExpired when expiresAt passes before a scheduled message is sent (sandbox clock)', async () => {
    const hook = await createHook('AllMessageEvents');
    const sendAt = await clockIn(90);
    const expiresAt = await clockIn(95);
    const messageId = await send({ to: freshDestination(), clientReference: 'appt-9', sendAt, expiresAt });
    const accepted = await waitForEvent(hook, 'MessageAccepted', ofMessage(messageId));
    expect(accepted.body.data).toEqual({ clientReference: 'appt-9', previousState: null, reason: 'accepted', state: 'scheduled', channelType: 'Sms', attempt: 1 });
    const before = await clockNow();
    await advance(120);
    const expired = await waitForEvent(hook, 'MessageExpired', ofMessage(messageId));
    expectSigned(expired, hook);
    expectTimeWithin(expired.body.timestamp, before + 120_000, await clockNow());
    expect(expired.body).toEqual({
      eventType: 'MessageExpired',
      timestamp: expect.any(String),
      accountId: admin.accountId,
      subaccountId: null,
      messageId,
      data: {
        clientReference: 'appt-9',
        previousState: 'scheduled',
        reason: `expiresAt ${expiresAt.replace('Z', '.000Z')} passed before the release of a scheduled message`,
        state: 'expired',
        channelType: 'Sms',
        attempt: 1,
      },
    });
    expect((await getMessage(messageId)).body.status).toBe('expired');
  });

  it('MessageReceived for an unlinked reply: messageId, inReplyTo and reply null; HELP carries keyword Help', async () => {
    const hook = await createHook('MessageReceived');
    const person = freshDestination();
    const before = await clockNow();
    await inbound(person, 'Who is this?');
    const delivery = await waitForEvent(hook, 'MessageReceived', replyFrom(person, 'Who is this?'));
    const stored = await storedReply(person, 'Who is this?');
    expectSigned(delivery, hook);
    expectTimeWithin(delivery.body.data.receivedAt, before, await clockNow());
    expect(delivery.body).toEqual({
      eventType: 'MessageReceived',
      timestamp: stored.receivedAt,
      accountId: admin.accountId,
      subaccountId: null,
      messageId: null,
      data: {
        inboundMessageId: stored.inboundMessageId,
        channelType: 'Sms',
        from: person,
        to: number,
        body: 'Who is this?',
        receivedAt: stored.receivedAt,
        keyword: null,
        inReplyTo: null,
        reply: null,
        afterExpiry: false,
      },
    });
    expect(stored.inboundMessageId).toMatch(UUID);

    await inbound(person, 'help');
    const help = await waitForEvent(hook, 'MessageReceived', replyFrom(person, 'help'));
    expect(help.body).toMatchObject({ messageId: null, data: { keyword: 'Help', inReplyTo: null, reply: null, afterExpiry: false } });
    expect(help.body.data.inboundMessageId).not.toBe(stored.inboundMessageId);
  });

  it('MessageReceived for linked replies: the answered message, inReplyTo, and reply matched or not (null for a message without options)', async () => {
    const hook = await createHook('MessageReceived');
    const person = freshDestination();
    const plainPerson = freshDestination();
    const withOptions = await send({ to: person, templateId, templateParameters: { name: 'Ada' }, clientReference: 'appt-42' });
    const plain = await send({ to: plainPerson, body: 'Your order shipped', clientReference: 'order-8' });
    await Promise.all([waitForStatus(withOptions, 'delivered'), waitForStatus(plain, 'delivered')]);

    await inbound(person, ' ok! ');
    const answer = await waitForEvent(hook, 'MessageReceived', replyFrom(person, ' ok! '));
    const stored = await storedReply(person, ' ok! ');
    expectSigned(answer, hook);
    expect(answer.body).toEqual({
      eventType: 'MessageReceived',
      timestamp: stored.receivedAt,
      accountId: admin.accountId,
      subaccountId: null,
      messageId: withOptions,
      data: {
        inboundMessageId: stored.inboundMessageId,
        channelType: 'Sms',
        from: person,
        to: number,
        body: ' ok! ',
        receivedAt: stored.receivedAt,
        keyword: null,
        inReplyTo: { messageId: withOptions, clientReference: 'appt-42' },
        reply: { matched: true, key: 'C', value: 'Confirm' },
        afterExpiry: false,
      },
    });

    await inbound(person, 'C or R');
    const unmatched = await waitForEvent(hook, 'MessageReceived', replyFrom(person, 'C or R'));
    expect(unmatched.body).toMatchObject({ messageId: withOptions, data: { keyword: null, inReplyTo: { messageId: withOptions }, reply: { matched: false } } });
    expect(unmatched.body.data.reply).toEqual({ matched: false });

    await inbound(plainPerson, 'thanks');
    const toPlain = await waitForEvent(hook, 'MessageReceived', replyFrom(plainPerson, 'thanks'));
    expect(toPlain.body).toMatchObject({ messageId: plain, data: { inReplyTo: { messageId: plain, clientReference: 'order-8' }, keyword: null } });
    expect(toPlain.body.data.reply).toBeNull();
  });

  it('MessageReceived with afterExpiry for a reply after the answer deadline (sandbox clock)', async () => {
    const hook = await createHook('MessageReceived');
    const person = freshDestination();
    const expiresAt = await clockIn(120);
    const messageId = await send({ to: person, templateId, templateParameters: { name: 'Bo' }, clientReference: 'appt-43', expiresAt });
    await waitForStatus(messageId, 'delivered');
    await advance(180);
    await waitFor(
      () => getMessage(messageId),
      (r) => r.body.replyStatus === 'Expired',
      { what: 'the answer deadline to pass' },
    );
    await inbound(person, 'C');
    const late = await waitForEvent(hook, 'MessageReceived', replyFrom(person, 'C'));
    expectSigned(late, hook);
    expect(late.body).toMatchObject({
      messageId,
      data: { inReplyTo: { messageId, clientReference: 'appt-43' }, keyword: null, reply: { matched: false }, afterExpiry: true },
    });
    expect(late.body.data.reply).toEqual({ matched: false });
  });

  it('RecipientOptedOut and RecipientOptedIn for opt-outs and re-subscribes recorded through the API', async () => {
    const hook = await createHook(CONSENT_EVENTS);
    const recipient = freshDestination();
    const before = await clockNow();
    await optOut(accountConsent(), { recipient, scope: 'accountLevelOnly', reason: 'asked by phone' });
    const out = await waitForEvent(hook, 'RecipientOptedOut', ofRecipient(recipient));
    expectSigned(out, hook);
    expectTimeWithin(out.body.timestamp, before, await clockNow());
    expect(out.body).toEqual({
      eventType: 'RecipientOptedOut',
      timestamp: expect.any(String),
      accountId: admin.accountId,
      subaccountId: null,
      messageId: null,
      data: { recipient, channel: 'Sms', scope: 'accountLevelOnly', sourceLabel: 'API', receivingNumber: null },
    });
    await optIn(accountConsent(), { recipient, scope: 'accountLevelOnly' });
    const back = await waitForEvent(hook, 'RecipientOptedIn', ofRecipient(recipient));
    expectSigned(back, hook);
    expect(back.body).toEqual({
      eventType: 'RecipientOptedIn',
      timestamp: expect.any(String),
      accountId: admin.accountId,
      subaccountId: null,
      messageId: null,
      data: { recipient, channel: 'Sms', scope: 'accountLevelOnly', sourceLabel: 're-subscribe (WebForm)', receivingNumber: null, stillSuppressed: false },
    });

    // Lifting the account-level opt-out while the subaccount's still blocks account-level sending: stillSuppressed.
    const blocked = freshDestination();
    await optOut(accountConsent(), { recipient: blocked, scope: 'accountLevelOnly' });
    await optOut(subConsent(sub1), { recipient: blocked });
    const subOut = await waitForEvent(hook, 'RecipientOptedOut', (p) => ofRecipient(blocked)(p) && p.subaccountId === sub1);
    expect(subOut.body).toMatchObject({ subaccountId: sub1, data: { scope: 'subaccount', sourceLabel: 'API', receivingNumber: null } });
    const res = await optIn(accountConsent(), { recipient: blocked, scope: 'accountLevelOnly', consentMethod: 'Written' });
    expect(res.body.stillSuppressed).toBe(true);
    const still = await waitForEvent(hook, 'RecipientOptedIn', ofRecipient(blocked));
    expect(still.body).toMatchObject({
      subaccountId: null,
      data: { recipient: blocked, scope: 'accountLevelOnly', sourceLabel: 're-subscribe (Written)', stillSuppressed: true },
    });
  });

  it('RecipientOptedOut and RecipientOptedIn for STOP and START replies, with the receiving number', async () => {
    const hook = await createHook(`MessageReceived,${CONSENT_EVENTS}`);
    const person = freshDestination();
    await inbound(person, 'STOP');
    const out = await waitForEvent(hook, 'RecipientOptedOut', ofRecipient(person));
    const stop = await waitForEvent(hook, 'MessageReceived', replyFrom(person, 'STOP'));
    expectSigned(out, hook);
    expect(out.body).toEqual({
      eventType: 'RecipientOptedOut',
      timestamp: expect.any(String),
      accountId: admin.accountId,
      subaccountId: null,
      messageId: null,
      data: { recipient: person, channel: 'Sms', scope: 'accountLevelOnly', sourceLabel: 'STOP reply', receivingNumber: number },
    });
    expect(stop.body).toMatchObject({ messageId: null, data: { keyword: 'Stop', inReplyTo: null, reply: null } });

    await inbound(person, 'Start');
    const back = await waitForEvent(hook, 'RecipientOptedIn', ofRecipient(person));
    const start = await waitForEvent(hook, 'MessageReceived', replyFrom(person, 'Start'));
    expectSigned(back, hook);
    expect(back.body).toEqual({
      eventType: 'RecipientOptedIn',
      timestamp: expect.any(String),
      accountId: admin.accountId,
      subaccountId: null,
      messageId: null,
      data: { recipient: person, channel: 'Sms', scope: 'accountLevelOnly', sourceLabel: 'START reply', receivingNumber: number, stillSuppressed: false },
    });
    expect(start.body.data.keyword).toBe('Start');

    // START lifts the STOP but an entireAccount opt-out still blocks: stillSuppressed.
    const other = freshDestination();
    await optOut(accountConsent(), { recipient: other, scope: 'entireAccount' });
    await inbound(other, 'stop');
    await waitForDeliveries(hook, ofRecipient(other, 'RecipientOptedOut'), 2, 'both opt-outs');
    await inbound(other, 'start');
    const still = await waitForEvent(hook, 'RecipientOptedIn', ofRecipient(other));
    expect(still.body.data).toEqual({ recipient: other, channel: 'Sms', scope: 'accountLevelOnly', sourceLabel: 'START reply', receivingNumber: number, stillSuppressed: true });
  });
});

// ---- subscriptions ----------------------------------------------------------

describe('subscriptions (spec 6.1)', () => {
  it('delivers only the listed names; AllMessageEvents includes MessageExpired; a PUT changes what later events deliver', async () => {
    const all = await createHook('AllMessageEvents');
    const named = await createHook('MessageAccepted,MessageDelivered,MessageFailed,MessageRejected,MessageDeadLettered');
    const onlyDelivered = await createHook('MessageDelivered');
    const delivered = await send({ to: freshDestination() });
    const expiring = await send({ to: freshDestination(), sendAt: await clockIn(90), expiresAt: await clockIn(95) });
    await waitForEvent(named, 'MessageAccepted', ofMessage(expiring));
    await advance(120);
    // Witnesses: the expiry and the delivery were fanned out.
    await waitForEvent(all, 'MessageExpired', ofMessage(expiring));
    await waitForEvent(all, 'MessageDelivered', ofMessage(delivered));
    await waitForEvent(named, 'MessageDelivered', ofMessage(delivered));
    await waitForEvent(onlyDelivered, 'MessageDelivered', ofMessage(delivered));
    // A later event each endpoint gets.
    const marker = await send({ to: freshDestination() });
    await Promise.all([named, onlyDelivered].map((h) => waitForEvent(h, 'MessageDelivered', ofMessage(marker))));

    await expectNotDelivered(named, (p) => p.eventType === 'MessageExpired');
    expect(deliveriesAt(named, ofMessage(expiring)).map((d) => d.body.eventType)).toEqual(['MessageAccepted']);
    // The endpoint listing only MessageDelivered got nothing else, from any message.
    await expectNotDelivered(onlyDelivered, (p) => p.eventType !== 'MessageDelivered');
    expect(deliveriesAt(all, ofMessage(expiring)).map((d) => d.body.eventType).sort()).toEqual(['MessageAccepted', 'MessageExpired']);

    // Now MessageExpired is listed and MessageAccepted is not.
    const updated = await api.put(`/v1/webhooks/${named.webhookId}`, { apiKey: key, body: { subscribedEvents: 'MessageDelivered,MessageExpired' } });
    expect(updated.status).toBe(200);
    expect(updated.body.subscribedEvents).toBe('MessageDelivered,MessageExpired');
    const expiringLater = await send({ to: freshDestination(), sendAt: await clockIn(90), expiresAt: await clockIn(95) });
    await waitForEvent(all, 'MessageAccepted', ofMessage(expiringLater));
    await advance(120);
    const expired = await waitForEvent(named, 'MessageExpired', ofMessage(expiringLater));
    expect(expired.body.data).toMatchObject({ previousState: 'scheduled', state: 'expired' });
    await expectNotDelivered(named, ofMessage(expiringLater, 'MessageAccepted'));
  });

  it('AllMessageEvents carries no MessageReceived or consent event: each is a subscription of its own', async () => {
    const all = await createHook('AllMessageEvents');
    const received = await createHook('MessageReceived');
    const optedOut = await createHook('RecipientOptedOut');
    const optedIn = await createHook('RecipientOptedIn');
    const person = freshDestination();
    await inbound(person, 'STOP');
    await waitForEvent(received, 'MessageReceived', replyFrom(person, 'STOP'));
    await waitForEvent(optedOut, 'RecipientOptedOut', ofRecipient(person));
    await inbound(person, 'START');
    await waitForEvent(received, 'MessageReceived', replyFrom(person, 'START'));
    await waitForEvent(optedIn, 'RecipientOptedIn', ofRecipient(person));
    const message = await send({ to: freshDestination() });
    await waitForEvent(all, 'MessageDelivered', ofMessage(message));

    // Later events each endpoint gets.
    const later = freshDestination();
    await optOut(accountConsent(), { recipient: later, scope: 'accountLevelOnly' });
    await waitForEvent(optedOut, 'RecipientOptedOut', ofRecipient(later));
    await optIn(accountConsent(), { recipient: later });
    await waitForEvent(optedIn, 'RecipientOptedIn', ofRecipient(later));
    await inbound(later, 'bye');
    await waitForEvent(received, 'MessageReceived', replyFrom(later, 'bye'));
    const marker = await send({ to: freshDestination() });
    await waitForEvent(all, 'MessageDelivered', ofMessage(marker));

    await expectNotDelivered(all, (p) => !LIFECYCLE.includes(p.eventType));
    await expectNotDelivered(received, (p) => p.eventType !== 'MessageReceived');
    await expectNotDelivered(optedOut, (p) => p.eventType !== 'RecipientOptedOut');
    await expectNotDelivered(optedIn, (p) => p.eventType !== 'RecipientOptedIn');
    expect(deliveriesAt(all, ofMessage(message)).map((d) => d.body.eventType).sort()).toEqual(['MessageAccepted', 'MessageDelivered']);
  });
});

// ---- scopes -------------------------------------------------------------------

describe('endpoint scope (spec 2.6, 6.1)', () => {
  it("a subaccount endpoint gets its subaccount's events and those of no subaccount, not another's; an account-level one gets all", async () => {
    const events = 'AllMessageEvents,MessageReceived';
    const account = await createHook(events);
    const first = await createHook(events, sub1);
    const second = await createHook(events, sub2);
    const [a, b, c] = [freshDestination(), freshDestination(), freshDestination()];
    const [ofAccount, ofSub1, ofSub2] = await Promise.all([send({ to: a }), send({ to: b }, sub1), send({ to: c }, sub2)]);
    const seen = await Promise.all([ofAccount, ofSub1, ofSub2].map((id) => waitForEvent(account, 'MessageDelivered', ofMessage(id))));
    expect(seen.map((d) => d.body.subaccountId)).toEqual([null, sub1, sub2]);
    // A reply to the sub1 message is sub1's; a reply nobody was sent anything belongs to no subaccount.
    const stranger = freshDestination();
    await inbound(b, 'see you');
    await inbound(stranger, 'hi');
    const linked = await waitForEvent(account, 'MessageReceived', replyFrom(b));
    expect(linked.body).toMatchObject({ subaccountId: sub1, messageId: ofSub1 });
    expect((await waitForEvent(account, 'MessageReceived', replyFrom(stranger))).body.subaccountId).toBeNull();

    for (const [hook, own] of [
      [first, ofSub1],
      [second, ofSub2],
    ] as const) {
      await waitForDeliveries(hook, ofMessage(ofAccount), 2, 'the account-level message');
      await waitForDeliveries(hook, ofMessage(own), 2, 'its own message');
      expectSigned(await waitForEvent(hook, 'MessageReceived', replyFrom(stranger)), hook);
    }
    await waitForEvent(first, 'MessageReceived', replyFrom(b));

    const marker = await send({ to: freshDestination() });
    await Promise.all([first, second].map((h) => waitForEvent(h, 'MessageDelivered', ofMessage(marker))));
    await expectNotDelivered(first, (p) => p.subaccountId === sub2 || p.messageId === ofSub2);
    await expectNotDelivered(second, (p) => p.subaccountId === sub1 || p.messageId === ofSub1 || replyFrom(b)(p));
    const typesAt = (hook: Hook, messageId: string) => deliveriesAt(hook, ofMessage(messageId)).map((d) => d.body.eventType).sort();
    expect(typesAt(first, ofAccount)).toEqual(['MessageAccepted', 'MessageDelivered']);
    expect(typesAt(first, ofSub1)).toEqual(['MessageAccepted', 'MessageDelivered', 'MessageReceived']);
    expect(typesAt(second, ofSub2)).toEqual(['MessageAccepted', 'MessageDelivered']);
  });

  it('an accountLevelOnly consent event goes to account-level endpoints only; accountWide and the subaccount own go to both', async () => {
    const account = await createHook(CONSENT_EVENTS);
    const first = await createHook(CONSENT_EVENTS, sub1);
    const [levelOnly, wide, ofSub2, ofSub1, stopper] = Array.from({ length: 5 }, () => freshDestination());
    await optOut(accountConsent(), { recipient: levelOnly, scope: 'accountLevelOnly' });
    await optOut(accountConsent(), { recipient: wide, scope: 'entireAccount' });
    await optOut(subConsent(sub2), { recipient: ofSub2 });
    await optOut(subConsent(sub1), { recipient: ofSub1 });
    await inbound(stopper, 'STOP'); // to an account number, unlinked: accountLevelOnly
    await optIn(accountConsent(), { recipient: levelOnly, scope: 'accountLevelOnly' });
    await optIn(accountConsent(), { recipient: wide, scope: 'entireAccount' });

    const at = (hook: Hook, recipient: string, eventType: string) => waitForEvent(hook, eventType, ofRecipient(recipient));
    // Witnesses: every change reached the account-level endpoint.
    const seen = await Promise.all([
      at(account, levelOnly, 'RecipientOptedOut'),
      at(account, wide, 'RecipientOptedOut'),
      at(account, ofSub2, 'RecipientOptedOut'),
      at(account, ofSub1, 'RecipientOptedOut'),
      at(account, stopper, 'RecipientOptedOut'),
      at(account, levelOnly, 'RecipientOptedIn'),
      at(account, wide, 'RecipientOptedIn'),
    ]);
    expect(seen.map((d) => [d.body.subaccountId, d.body.data.scope])).toEqual([
      [null, 'accountLevelOnly'],
      [null, 'accountWide'],
      [sub2, 'subaccount'],
      [sub1, 'subaccount'],
      [null, 'accountLevelOnly'],
      [null, 'accountLevelOnly'],
      [null, 'accountWide'],
    ]);
    const wideOut = await at(first, wide, 'RecipientOptedOut');
    expectSigned(wideOut, first);
    expect(wideOut.body).toEqual(seen[1].body);
    expect((await at(first, wide, 'RecipientOptedIn')).body).toEqual(seen[6].body);
    expect((await at(first, ofSub1, 'RecipientOptedOut')).body).toEqual(seen[3].body);

    const marker = freshDestination();
    await optOut(subConsent(sub1), { recipient: marker });
    await at(first, marker, 'RecipientOptedOut');
    await expectNotDelivered(first, anyOf(ofRecipient(levelOnly), ofRecipient(ofSub2), ofRecipient(stopper)));
  });
});

// ---- imports, and once per endpoint -----------------------------------------------

describe('what is not sent, and what is sent once', () => {
  const upload = async (path: string, csv: string): Promise<{ status: number; body: any }> => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'opt-outs.csv');
    const res = await fetch(`${api.baseUrl}${path}`, { method: 'POST', headers: { 'x-api-key': key }, body: form });
    return { status: res.status, body: await res.json() };
  };

  it('sends no consent event for a CSV import; lifting an imported opt-out does send RecipientOptedIn', async () => {
    const hook = await createHook(CONSENT_EVENTS);
    const subHook = await createHook(CONSENT_EVENTS, sub2);
    const [a, b, c] = [freshDestination(), freshDestination(), freshDestination()];
    const imported = await upload(`${accountConsent()}/opt-outs/import?scope=entireAccount`, `recipient,channel,reason\r\n${a},Sms,paper form\r\n${b},Sms,\r\n`);
    expect([imported.status, imported.body.created]).toEqual([200, 2]);
    const subImport = await upload(`${subConsent(sub2)}/opt-outs/import`, `recipient,channel\r\n${c},Sms\r\n`);
    expect([subImport.status, subImport.body.created]).toEqual([200, 1]);

    // Later consent events both endpoints get: the imported opt-out of a lifted, and c's (sub2) lifted.
    await optIn(accountConsent(), { recipient: a, scope: 'entireAccount' });
    await optIn(subConsent(sub2), { recipient: c });
    const lifted = await waitForEvent(hook, 'RecipientOptedIn', ofRecipient(a));
    expect(lifted.body).toMatchObject({
      subaccountId: null,
      data: { recipient: a, scope: 'accountWide', sourceLabel: 're-subscribe (WebForm)', receivingNumber: null, stillSuppressed: false },
    });
    expect((await waitForEvent(subHook, 'RecipientOptedIn', ofRecipient(c))).body).toMatchObject({ subaccountId: sub2, data: { scope: 'subaccount' } });
    await waitForEvent(subHook, 'RecipientOptedIn', ofRecipient(a));
    await waitForEvent(hook, 'RecipientOptedIn', ofRecipient(c));

    // Nothing was ever written for the imports, so nothing can be delivered.
    expect(await Promise.all([a, b, c].map(consentOutbox))).toEqual([1, 0, 1]);
    for (const h of [hook, subHook]) await expectNotDelivered(h, anyOf(ofRecipient(a, 'RecipientOptedOut'), ofRecipient(b), ofRecipient(c, 'RecipientOptedOut')));
  });

  it('delivers each event once per endpoint: one X-Webhook-Id each, matching the delivery log, one attempt each', async () => {
    const names = `AllMessageEvents,MessageReceived,${CONSENT_EVENTS}`;
    const hooks = [await createHook(names), await createHook(names)];
    const [ok, bad, person, recipient] = [freshDestination(), freshDestination(), freshDestination(), freshDestination()];
    await behave(bad, 'undelivered', 0);
    const okId = await send({ to: ok, clientReference: 'once-1' });
    const badId = await send({ to: bad, clientReference: 'once-2' });
    await waitForStatus(okId, 'delivered');
    await inbound(ok, 'thanks');
    // Recording the same opt-out twice is one change, so one event.
    await optOut(accountConsent(), { recipient, scope: 'accountLevelOnly' });
    const again = await api.post(`${accountConsent()}/opt-out`, { apiKey: key, body: { recipient, channelType: 'Sms', scope: 'accountLevelOnly' } });
    expect(again.status).toBe(200);
    await optIn(accountConsent(), { recipient });
    await inbound(person, 'hello?');

    const ours = anyOf(ofMessage(okId), ofMessage(badId), replyFrom(ok), replyFrom(person), ofRecipient(recipient));
    const expected = [
      ['MessageAccepted', okId],
      ['MessageDelivered', okId],
      ['MessageReceived', okId],
      ['MessageAccepted', badId],
      ['MessageFailed', badId],
      ['MessageReceived', null],
      ['RecipientOptedOut', null],
      ['RecipientOptedIn', null],
    ].sort();
    for (const hook of hooks) await waitForDeliveries(hook, ours, expected.length, 'every event of the test');
    // A later event each endpoint gets, so anything repeated would have arrived.
    const marker = await send({ to: freshDestination() });
    for (const hook of hooks) await waitForEvent(hook, 'MessageDelivered', ofMessage(marker));

    const ids: string[] = [];
    for (const hook of hooks) {
      const got = deliveriesAt(hook, ours);
      expect(got.map((d) => [d.body.eventType, d.body.messageId]).sort()).toEqual(expected);
      for (const d of got) expectSigned(d, hook);
      ids.push(...got.map((d) => d.headers['x-webhook-id']));
      const log = await waitFor(
        async () => (await deliveryLog(hook)).filter((item) => ours(item.event)),
        (items) => items.length === expected.length && items.every((i) => i.status === 'Succeeded'),
        { what: `the delivery log of ${hook.path} to show every delivery succeeded` },
      );
      expect(log.map((i) => i.deliveryLogId).sort()).toEqual(got.map((d) => d.headers['x-webhook-id']).sort());
      for (const item of log) {
        expect(item.attempts).toHaveLength(1);
        expect(item.event).toEqual(got.find((d) => d.headers['x-webhook-id'] === item.deliveryLogId)!.body);
      }
    }
    expect(new Set(ids).size).toBe(2 * expected.length);
  });
});
