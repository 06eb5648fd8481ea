import { randomUUID } from 'node:crypto';
import { startFakeTwilio, type FakeTwilio } from '@mp/messaging/src/carriers/twilio/testing/fake-twilio';
import { sentAnswer, startFakeCloudApi, type FakeCloudApi, type RecordedRequest } from '@mp/messaging/src/carriers/whatsapp-cloud/testing/fake-cloud-api';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import type { ApiClient, ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { metaMessageWebhook, metaSignature } from './support/meta-webhooks';
import { bootPlatform, countRows, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

// Issue 29 point 1, the quoted reply: a send naming the inbound WhatsApp message it answers
// (`inReplyToInboundMessageId`) goes to Meta's Cloud API with `context.message_id` = that message's wamid, so
// the customer sees ours as a reply to theirs. Sends naming an inbound message the caller cannot quote are refused
// with problem details and store nothing.

jest.setTimeout(120_000);

const META = { name: 'meta-q', appSecret: 'meta-q-app-secret', verifyToken: 'meta-q-verify', phoneNumberId: '106540352242922' };
const TWILIO = { name: 'twilio-q', authToken: 'twilio-q-auth-token-0123456789abcdef', publicBaseUrl: 'https://callbacks.example.com' };
const ACCOUNT_SID = `AC${'fedcba9876543210'.repeat(2)}`;

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
let stranger: SignedUpUser;
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
  [user, stranger] = await Promise.all([signUp(api, 'quoted-reply'), signUp(api, 'quoted-stranger')]);
});

afterAll(async () => {
  await booted?.stop();
  await Promise.all([cloud?.close(), twilio?.stop()]);
});

const sendAs = (who: SignedUpUser, body: Record<string, unknown>) => api.post(`/v1/accounts/${who.accountId}/messages`, { token: who.accessToken, body });
const send = (body: Record<string, unknown>) => sendAs(user, body);
const messagesStored = () => countRows(booted.platform, 'messaging', 'messages', {});
const digits = (e164: string) => e164.replace(/^\+/, '');
/** The Cloud API requests carrying this text. */
const sentWith = (text: string) => cloud.requests.filter((r: RecordedRequest) => (r.json as { text?: { body?: string } }).text?.body === text);

/** Meta's messages webhook for a text message (…/webhooks/reference/messages/text), signed with the connection's app secret. */
function postMetaText(message: { wamid: string; from: string; to: string; text: string }) {
  const body = metaMessageWebhook({ phoneNumberId: META.phoneNumberId, wamid: message.wamid, from: message.from, to: message.to, message: { type: 'text', text: { body: message.text } } });
  return api.post(`/v1/webhooks/carriers/${META.name}`, { rawBody: body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, META.appSecret) } });
}

/** The account's inbound message from `from`, as the public list shows it. */
async function inboundFrom(from: string): Promise<Record<string, any>> {
  const list = await waitFor(
    () => api.get(`/v1/accounts/${user.accountId}/inbound-messages?pageSize=200`, { token: user.accessToken }),
    (r: ApiResponse) => r.status === 200 && r.body.items.some((m: { from: string }) => m.from === from),
    { what: `the inbound message from ${from}` },
  );
  return list.body.items.find((m: { from: string }) => m.from === from);
}

/** A customer writes to our WhatsApp number (the one our first message to them came from): their inbound message and its wamid. */
async function customerWrites(person: string): Promise<{ inbound: Record<string, any>; wamid: string }> {
  cloud.answer(sentAnswer(`wamid.${randomUUID()}`));
  const first = await send({ channelType: 'WhatsApp', destination: person, body: 'Your table for two is booked for 8 pm.' });
  expect(first.status).toBe(201);
  const dispatched = await waitForStatus(api, user, first.body.messageId, ['dispatched']);
  const ourNumber = dispatched.body.channelHistory[0].fromAddress as string;
  const wamid = `wamid.${randomUUID()}`;
  expect((await postMetaText({ wamid, from: person, to: ourNumber, text: 'Can we come at 8:30 instead?' })).status).toBe(200);
  return { inbound: await inboundFrom(person), wamid };
}

function expectProblem(res: ApiResponse, status: number, code: string) {
  expect([res.status, res.body.code]).toEqual([status, code]);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
}

describe('a WhatsApp reply quoting the inbound message it answers', () => {
  it("goes to Meta's Cloud API with context.message_id = the customer's wamid, and the message says which inbound message it answers", async () => {
    const person = freshDestination();
    const { inbound, wamid } = await customerWrites(person);
    expect(inbound).toMatchObject({ channelType: 'WhatsApp', body: 'Can we come at 8:30 instead?' });

    cloud.answer(sentAnswer(`wamid.${randomUUID()}`));
    const reply = await send({ channelType: 'WhatsApp', destination: person, body: '8:30 is fine, see you then!', inReplyToInboundMessageId: inbound.inboundMessageId });
    expect(reply.status).toBe(201);
    expect(reply.body.inReplyToInboundMessageId).toBe(inbound.inboundMessageId);
    await waitForStatus(api, user, reply.body.messageId, ['dispatched']);

    const requests = sentWith('8:30 is fine, see you then!');
    expect(requests).toHaveLength(1);
    expect(requests[0].json).toMatchObject({ messaging_product: 'whatsapp', to: digits(person), type: 'text', context: { message_id: wamid } });
    const read = await api.get(`/v1/accounts/${user.accountId}/messages/${reply.body.messageId}`, { token: user.accessToken });
    expect(read.body.inReplyToInboundMessageId).toBe(inbound.inboundMessageId);

    // A send answering nothing quotes nothing.
    const plain = await send({ channelType: 'WhatsApp', destination: person, body: 'We look forward to it.' });
    expect(plain.body.inReplyToInboundMessageId).toBeNull();
    await waitForStatus(api, user, plain.body.messageId, ['dispatched']);
    expect(sentWith('We look forward to it.').map((r) => (r.json as Record<string, unknown>).context)).toEqual([undefined]);
  });

  it("refuses an inbound message it cannot quote with problem details, storing and sending nothing", async () => {
    const person = freshDestination();
    const { inbound } = await customerWrites(person);
    const smsSender = freshDestination();
    const sid = `SM${randomUUID().replaceAll('-', '')}`;
    const smsParams = { MessageSid: sid, SmsSid: sid, AccountSid: ACCOUNT_SID, From: smsSender, To: await sandboxNumber(api, user.accessToken), Body: 'Hello?', NumMedia: '0', NumSegments: '1' };
    const twilioInbound = await api.post(`/v1/webhooks/carriers/${TWILIO.name}/inbound`, {
      rawBody: new URLSearchParams(smsParams).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': getExpectedTwilioSignature(TWILIO.authToken, `${TWILIO.publicBaseUrl}/v1/webhooks/carriers/${TWILIO.name}/inbound`, smsParams),
      },
    });
    expect(twilioInbound.status).toBe(200);
    const smsInbound = await inboundFrom(smsSender);
    expect(smsInbound.channelType).toBe('Sms');

    const [storedBefore, requestsBefore] = [await messagesStored(), cloud.requests.length];
    const reply = { channelType: 'WhatsApp', destination: person, body: 'Refused reply' };

    expectProblem(await send({ ...reply, inReplyToInboundMessageId: randomUUID() }), 404, 'NOT_FOUND');
    expectProblem(await sendAs(stranger, { ...reply, inReplyToInboundMessageId: inbound.inboundMessageId }), 404, 'NOT_FOUND');

    const refusals: Array<[string, Record<string, unknown>]> = [
      ['a malformed id', { ...reply, inReplyToInboundMessageId: 'not-a-uuid' }],
      ['an SMS inbound message', { ...reply, destination: smsSender, inReplyToInboundMessageId: smsInbound.inboundMessageId }],
      ['an inbound message from someone else', { ...reply, destination: freshDestination(), inReplyToInboundMessageId: inbound.inboundMessageId }],
      ['an SMS message, which cannot quote', { ...reply, channelType: 'Sms', inReplyToInboundMessageId: inbound.inboundMessageId }],
    ];
    for (const [what, body] of refusals) {
      const res = await send(body);
      // The case beside its answer, so a failure names it.
      expect({ what, status: res.status, code: res.body.code, fields: Object.keys(res.body.errors ?? {}) }).toEqual({
        what,
        status: 400,
        code: 'VALIDATION_FAILED',
        fields: ['inReplyToInboundMessageId'],
      });
      expectProblem(res, 400, 'VALIDATION_FAILED');
    }
    expect(await messagesStored()).toBe(storedBefore);
    expect(cloud.requests.length).toBe(requestsBefore);
  });
});
