import { createHmac } from 'node:crypto';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { getExpectedTwilioSignature } from 'twilio/lib/webhooks/webhooks';
import { startProviderCallbackHarness, type ProviderCallbackHarness } from '../testing/provider-callback.test-harness';
import { HTTP, META, META_B, TWILIO } from '../testing/test-connections';
import { paramsObject, parseTwilioForm, type TwilioParams } from '../twilio-callbacks';
import { INBOUND_MEDIA_ONLY, INBOUND_SMS, INBOUND_WHATSAPP_BUTTON, MESSAGE_SID, STATUS_DELIVERED, STATUS_SENT, STATUS_UNDELIVERED } from '../twilio-callbacks/testing/twilio-callback-fixtures';
import { BUTTON_MESSAGE, BUTTON_REPLY_MESSAGE, LIST_REPLY_MESSAGE, STATUS_WAMID, statusPayload, TEXT_QUOTING_MESSAGE } from '../whatsapp-webhooks/testing/meta-payloads';

let h: ProviderCallbackHarness;
beforeAll(async () => {
  h = await startProviderCallbackHarness();
});
afterAll(() => h.close());

const metaSigned = (body: string, secret: string = META.appSecret) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
const meta = (body: string, signature = metaSigned(body), carrier: string = META.name) =>
  h.client.handleCarrierCallback({ carrier, route: '', method: 'POST', rawBody: Buffer.from(body), query: '', signatures: { 'x-hub-signature-256': signature } });
const handshake = (query: string, carrier: string = META.name) =>
  h.client.handleCarrierCallback({ carrier, route: '', method: 'GET', rawBody: Buffer.alloc(0), query, signatures: {} });

const params = (body: string): TwilioParams => {
  const form = parseTwilioForm(body);
  if (!form.ok) throw new Error(form.detail);
  return form.params;
};
/** Signed by twilio-node's own code, over the URL Twilio calls (the connection's publicBaseUrl). */
const twilioSigned = (route: string, body: string, token: string = TWILIO.authToken) =>
  getExpectedTwilioSignature(token, `${TWILIO.publicBaseUrl}/v1/webhooks/carriers/${TWILIO.name}/${route}`, paramsObject(params(body)));
const twilio = (route: string, body: string, signature = twilioSigned(route, body)) =>
  h.client.handleCarrierCallback({ carrier: TWILIO.name, route, method: 'POST', rawBody: Buffer.from(body), query: '', signatures: { 'x-twilio-signature': signature } });

const receiptsOf = (carrierMessageId: string) =>
  h.published
    .filter((e) => e.topic === TOPICS.carrierReceipts)
    .map((e) => ({ key: e.key, ...providerCallbackEvents.CarrierReceiptReceived.fromJSON(e.payload) }))
    .filter((r) => r.carrierMessageId === carrierMessageId);
const inboundOf = (carrierMessageId: string) =>
  h.published
    .filter((e) => e.topic === TOPICS.carrierInbound)
    .map((e) => providerCallbackEvents.CarrierInboundReceived.fromJSON(e.payload))
    .filter((m) => m.carrierMessageId === carrierMessageId);
const storedReceipts = (carrierMessageId: string) => h.db('carrier_events').where({ carrier_message_id: carrierMessageId }).orderBy('id');
/** Everything committed so far has been published once a fresh inbound message of the http connection is. */
async function drained() {
  const id = `drain-${Math.random()}`;
  const body = JSON.stringify({ eventId: id, carrierMessageId: id, channel: 'Sms', from: '+447700900123', to: '+15550000004', body: 'x', receivedAt: '2026-11-28T10:00:00Z' });
  const signature = createHmac('sha256', HTTP.callbackSecret).update(body).digest('hex');
  await h.client.handleCarrierCallback({ carrier: HTTP.name, route: 'inbound', method: 'POST', rawBody: Buffer.from(body), query: '', signatures: { 'x-signature': signature } });
  await h.waitForEvent((e) => (e.payload as { carrierMessageId?: string }).carrierMessageId === id);
}

describe("Meta's verification handshake (GET /v1/webhooks/carriers/{connection})", () => {
  it('answers the challenge as text for subscribe and the connection\'s verify token', async () => {
    await expect(handshake(`hub.mode=subscribe&hub.challenge=1158201444&hub.verify_token=${META.verifyToken}`)).resolves.toMatchObject({
      contentType: 'text/plain',
      body: '1158201444',
    });
  });

  it.each([
    ['a wrong token', 'hub.mode=subscribe&hub.challenge=1&hub.verify_token=guess'],
    ['another connection\'s token', `hub.mode=subscribe&hub.challenge=1&hub.verify_token=${TWILIO.authToken}`],
    ['no challenge', `hub.mode=subscribe&hub.verify_token=${META.verifyToken}`],
    ['another mode', `hub.mode=unsubscribe&hub.challenge=1&hub.verify_token=${META.verifyToken}`],
    ['a repeated token', `hub.mode=subscribe&hub.challenge=1&hub.verify_token=guess&hub.verify_token=${META.verifyToken}`],
  ])('refuses %s with 403 FORBIDDEN', async (_, query) => {
    await expect(handshake(query)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('is 403 for a connection of another protocol and for a carrier that is no connection', async () => {
    await expect(handshake(`hub.mode=subscribe&hub.challenge=1&hub.verify_token=${META.verifyToken}`, TWILIO.name)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(handshake(`hub.mode=subscribe&hub.challenge=1&hub.verify_token=${META.verifyToken}`, 'nobody')).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe("Meta's webhooks (POST /v1/webhooks/carriers/{connection})", () => {
  it('takes each status as a receipt by wamid, once whatever Meta repeats; read alone still delivers', async () => {
    await expect(meta(statusPayload('sent'))).resolves.toMatchObject({ accepted: true });
    await expect(meta(statusPayload('read'))).resolves.toMatchObject({ accepted: true });
    // Meta's `delivered` after its `read`, and a repeat of each: nothing new.
    await expect(meta(statusPayload('delivered'))).resolves.toMatchObject({ accepted: false });
    await expect(meta(statusPayload('read'))).resolves.toMatchObject({ accepted: false });
    await drained();
    const receipts = receiptsOf(STATUS_WAMID);
    expect(receipts.map((r) => r.status)).toEqual(['sent', 'delivered', 'read']);
    for (const r of receipts) {
      expect(r).toMatchObject({ carrier: META.name, messageId: '', attempt: 0, key: `${META.name}:${STATUS_WAMID}`, occurredAt: '2025-02-12T00:43:44.000Z' });
    }
    expect((await storedReceipts(STATUS_WAMID)).map((r) => [r.status, r.message_id])).toEqual([
      ['sent', null],
      ['delivered', null],
      ['read', null],
    ]);
  });

  it('takes a failed status as undelivered with Meta\'s error code, for the connection whose number it concerns', async () => {
    const body = statusPayload('failed').replace(STATUS_WAMID, 'wamid.failed-1').replace(META.phoneNumberId, META_B.phoneNumberId);
    await expect(meta(body)).resolves.toMatchObject({ accepted: true });
    await drained();
    expect(receiptsOf('wamid.failed-1')).toEqual([expect.objectContaining({ carrier: META_B.name, status: 'undelivered', errorCode: '131026' })]);
  });

  it('takes a text that quotes our message and a reply button tap as inbound WhatsApp messages, once', async () => {
    await expect(meta(TEXT_QUOTING_MESSAGE)).resolves.toMatchObject({ accepted: true });
    await expect(meta(TEXT_QUOTING_MESSAGE)).resolves.toMatchObject({ accepted: false });
    // Meta's reference pages give every example message the same wamid: the tap gets one of its own.
    const tapBody = BUTTON_REPLY_MESSAGE.replace('"id": "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA="', '"id": "wamid.tap-1"');
    await expect(meta(tapBody)).resolves.toMatchObject({ accepted: true });
    await drained();
    const quoting = JSON.parse(TEXT_QUOTING_MESSAGE).entry[0].changes[0].value.messages[0];
    expect(inboundOf(quoting.id)).toEqual([
      expect.objectContaining({ carrier: META.name, channelType: 'WhatsApp', from: `+${quoting.from}`, body: quoting.text.body, contextCarrierMessageId: quoting.context.id }),
    ]);
    const tap = JSON.parse(tapBody).entry[0].changes[0].value.messages[0];
    expect(inboundOf(tap.id)).toEqual([expect.objectContaining({ channelType: 'WhatsApp', body: tap.interactive.button_reply.title })]);
  });

  it('announces what was tapped as the reply payload beside its title: a reply button\'s id, a list row\'s id, a template quick reply\'s payload; a text has none', async () => {
    // Meta's reference pages give every example message the same wamid: each gets one of its own.
    const exampleWamid = '"id": "wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA="';
    const taps = [
      ['wamid.payload-button-reply', BUTTON_REPLY_MESSAGE],
      ['wamid.payload-list-reply', LIST_REPLY_MESSAGE],
      ['wamid.payload-quick-reply', BUTTON_MESSAGE.replace('"payload": "Unsubscribe"', '"payload": "unsubscribe-7"')],
    ] as const;
    for (const [wamid, payload] of taps) await expect(meta(payload.replace(exampleWamid, `"id": "${wamid}"`))).resolves.toMatchObject({ accepted: true });
    await drained();
    expect(inboundOf('wamid.payload-button-reply')).toEqual([expect.objectContaining({ body: 'Cancel', replyPayload: 'cancel-button' })]);
    expect(inboundOf('wamid.payload-list-reply')).toEqual([expect.objectContaining({ body: 'Priority Mail Express', replyPayload: 'priority_express' })]);
    expect(inboundOf('wamid.payload-quick-reply')).toEqual([expect.objectContaining({ body: 'Unsubscribe', replyPayload: 'unsubscribe-7' })]);
    const quoting = JSON.parse(TEXT_QUOTING_MESSAGE).entry[0].changes[0].value.messages[0];
    expect(inboundOf(quoting.id)[0].replyPayload).toBeUndefined();
  });

  it.each([
    ['no signature', ''],
    ['a signature with another secret', metaSigned(statusPayload('delivered'), 'not-the-secret')],
    ['a signature of other bytes', metaSigned(`${statusPayload('delivered')} `)],
    ['an uppercase digest', metaSigned(statusPayload('delivered')).toUpperCase().replace('SHA256=', 'sha256=')],
  ])('refuses %s with 401 and stores nothing', async (_, signature) => {
    const body = statusPayload('delivered').replace(STATUS_WAMID, 'wamid.unsigned');
    await expect(meta(body, signature)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await storedReceipts('wamid.unsigned')).toHaveLength(0);
  });

  it.each([
    ['not JSON', '{"object":'],
    ['another object', '{"object":"page","entry":[]}'],
    ['a status without an id', statusPayload('delivered').replace(`"id": "${STATUS_WAMID}",`, '')],
  ])('answers a signed body that is %s with 400 INVALID_INPUT and stores nothing', async (_, body) => {
    const before = await h.db('carrier_events').count({ n: '*' }).first();
    await expect(meta(body)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    expect(await h.db('carrier_events').count({ n: '*' }).first()).toEqual(before);
  });

  it('is 401 at another connection\'s address with this one\'s signature, and for a carrier that is no connection', async () => {
    const body = statusPayload('delivered');
    await expect(meta(body, metaSigned(body), TWILIO.name)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(meta(body, metaSigned(body), 'nobody')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe("Twilio's callbacks (POST /v1/webhooks/carriers/{connection}/status and /inbound)", () => {
  it('takes sent, delivered and undelivered statuses as receipts by MessageSid, each once', async () => {
    await expect(twilio('status', STATUS_SENT)).resolves.toMatchObject({ accepted: true });
    await expect(twilio('status', STATUS_UNDELIVERED)).resolves.toMatchObject({ accepted: true });
    await expect(twilio('status', STATUS_DELIVERED)).resolves.toMatchObject({ accepted: true });
    await expect(twilio('status', STATUS_DELIVERED)).resolves.toMatchObject({ accepted: false });
    await drained();
    expect(receiptsOf(MESSAGE_SID).map((r) => [r.carrier, r.status, r.errorCode ?? null, r.messageId])).toEqual([
      [TWILIO.name, 'sent', null, ''],
      [TWILIO.name, 'undelivered', '30003', ''],
      [TWILIO.name, 'delivered', null, ''],
    ]);
  });

  it('takes an inbound SMS into replies and answers empty TwiML; a quick-reply tap through WhatsApp keeps its quote and payload', async () => {
    const answer = await twilio('inbound', INBOUND_SMS);
    expect(answer).toMatchObject({ accepted: true, contentType: 'text/xml; charset=utf-8', body: '<?xml version="1.0" encoding="UTF-8"?><Response/>' });
    const tap = INBOUND_WHATSAPP_BUTTON.replaceAll('SMfedcba9876543210fedcba9876543210', 'SMbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
    await expect(twilio('inbound', tap)).resolves.toMatchObject({ accepted: true });
    await drained();
    expect(inboundOf('SMfedcba9876543210fedcba9876543210')).toEqual([
      expect.objectContaining({ carrier: TWILIO.name, channelType: 'Sms', from: '+14017122661', to: '+15017250604', body: 'Hello 👋 1+1=2' }),
    ]);
    expect(inboundOf('SMfedcba9876543210fedcba9876543210')[0].replyPayload).toBeUndefined();
    // The tapped button's ButtonPayload travels beside its text, for replies to match first.
    expect(inboundOf('SMbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb')).toEqual([
      expect.objectContaining({ channelType: 'WhatsApp', body: 'Yes, confirm', replyPayload: 'confirm-42', contextCarrierMessageId: 'SMaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' }),
    ]);
  });

  it('answers a media-only message with TwiML and records nothing', async () => {
    const body = INBOUND_MEDIA_ONLY.replaceAll('SMfedcba9876543210fedcba9876543210', 'SMcccccccccccccccccccccccccccccccc');
    await expect(twilio('inbound', body)).resolves.toMatchObject({ accepted: false, contentType: 'text/xml; charset=utf-8' });
    expect(await h.db('carrier_inbound_messages').where({ carrier_message_id: 'SMcccccccccccccccccccccccccccccccc' })).toHaveLength(0);
  });

  it.each([
    ['no signature', () => ''],
    ['a signature with another token', (body: string) => twilioSigned('status', body, 'not-the-token')],
    ['the signature of the other route', (body: string) => twilioSigned('inbound', body)],
  ])('refuses %s with 401 and stores nothing', async (_, signature) => {
    const body = STATUS_DELIVERED.replaceAll(MESSAGE_SID, 'SMdddddddddddddddddddddddddddddddd');
    await expect(twilio('status', body, signature(body))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await storedReceipts('SMdddddddddddddddddddddddddddddddd')).toHaveLength(0);
  });

  it('answers a signed status without MessageStatus with 400 INVALID_INPUT, and another route with 404', async () => {
    const body = STATUS_DELIVERED.replace('&MessageStatus=delivered', '');
    await expect(twilio('status', body)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(twilio('receipts', STATUS_DELIVERED)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe("an http connection's callbacks (X-Signature with its callbackSecret)", () => {
  it('are refused with the sandbox carrier\'s secret', async () => {
    const body = JSON.stringify({ eventId: 'e', carrierMessageId: 'c', channel: 'Sms', from: '+447700900123', to: '+15550000004', body: 'x', receivedAt: '2026-11-28T10:00:00Z' });
    const signature = createHmac('sha256', 'sandbox-sim-secret').update(body).digest('hex');
    await expect(
      h.client.handleCarrierCallback({ carrier: HTTP.name, route: 'inbound', method: 'POST', rawBody: Buffer.from(body), query: '', signatures: { 'x-signature': signature } }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
