import { toCarrierInbound } from '../carrier-inbound/carrier-inbound.rules';
import { toCarrierReceipt } from '../carrier-receipts/carrier-receipt.rules';
import { toCarrierReceiptFields, toWhatsAppReceipt, type WhatsAppReceipt } from './whatsapp-receipt.mapping';
import { toE164, toWhatsAppInbound } from './whatsapp-inbound.mapping';
import { parseWhatsAppWebhook } from './whatsapp-webhook.parser';
import type { WhatsAppWebhook } from './whatsapp-webhook.types';
import { BUTTON_MESSAGE, BUTTON_REPLY_MESSAGE, LIST_REPLY_MESSAGE, STATUS_WAMID, statusPayload, TEXT_MESSAGE, TEXT_QUOTING_MESSAGE } from './testing/meta-payloads';

const webhookOf = (payload: string): WhatsAppWebhook => {
  const result = parseWhatsAppWebhook(Buffer.from(payload, 'utf8'));
  if (!result.ok) throw new Error(result.refusal.detail);
  return result.webhook;
};
const receiptOf = (status: 'sent' | 'delivered' | 'read' | 'failed') => toWhatsAppReceipt(webhookOf(statusPayload(status)).changes[0].statuses[0]);
const inboundOf = (payload: string) => {
  const [change] = webhookOf(payload).changes;
  return toWhatsAppInbound(change.messages[0], change);
};
const asReceipt = (r: WhatsAppReceipt) => {
  if (r.effect !== 'receipt') throw new Error(`not a receipt: ${r.effect}`);
  return r;
};
const AT = '2025-02-12T00:43:44.000Z';

describe('statuses as carrier receipts', () => {
  it('sent is a carrier event only', () => {
    expect(receiptOf('sent')).toEqual({ effect: 'carrier-event', whatsappStatus: 'sent', eventId: `whatsapp:${STATUS_WAMID}:sent`, carrierMessageId: STATUS_WAMID, occurredAt: AT, recipientId: '16505551234' });
  });

  it('delivered and read deliver, read also recorded as read', () => {
    expect(receiptOf('delivered')).toMatchObject({ effect: 'receipt', status: 'delivered', read: false, eventId: `whatsapp:${STATUS_WAMID}:delivered` });
    expect(receiptOf('read')).toMatchObject({ effect: 'receipt', status: 'delivered', read: true, eventId: `whatsapp:${STATUS_WAMID}:read` });
  });

  it("failed is undelivered with Meta's error code", () => {
    expect(receiptOf('failed')).toMatchObject({ effect: 'receipt', whatsappStatus: 'failed', status: 'undelivered', errorCode: '131026', read: false });
  });

  it("gives Meta's repeat of a status the same event id, and each status of a wamid its own", () => {
    expect(receiptOf('read').eventId).toBe(receiptOf('read').eventId);
    expect(new Set((['sent', 'delivered', 'read', 'failed'] as const).map((s) => receiptOf(s).eventId)).size).toBe(4);
  });

  it('answers an unknown status as no effect, by name', () => {
    const other = toWhatsAppReceipt(webhookOf(statusPayload('sent').replace('"status": "sent"', '"status": "deleted"')).changes[0].statuses[0]);
    expect(other).toMatchObject({ effect: 'none', reported: 'deleted' });
  });

  it("validates as the platform's carrier receipt once the wiring gives the send's reference", () => {
    const receipt = toCarrierReceipt(toCarrierReceiptFields(asReceipt(receiptOf('failed')), 'msg_01:2'));
    expect(receipt).toMatchObject({ eventId: `whatsapp:${STATUS_WAMID}:failed`, carrierMessageId: STATUS_WAMID, messageId: 'msg_01', attempt: 2, status: 'undelivered', errorCode: '131026', occurredAt: AT });
    expect(toCarrierReceipt(toCarrierReceiptFields(asReceipt(receiptOf('read')), 'msg_01:1'))).toMatchObject({ status: 'delivered', errorCode: undefined });
  });
});

describe('messages as carrier inbound messages', () => {
  it('maps a text: sender and business number in E.164, body, time', () => {
    expect(inboundOf(TEXT_MESSAGE)).toEqual({
      ok: true,
      truncated: false,
      fields: { eventId: 'ABGGFlA5Fpa', carrierMessageId: 'ABGGFlA5Fpa', channel: 'WhatsApp', from: '+16315551181', to: '+16505551111', body: 'this is a text message', receivedAt: '2017-09-08T20:36:28.000Z' },
    });
  });

  it("maps the quoted wamid to the record's context, and validates as the platform's inbound record", () => {
    const inbound = inboundOf(TEXT_QUOTING_MESSAGE);
    if (!inbound.ok) throw new Error('unsupported');
    expect(toCarrierInbound({ ...inbound.fields })).toEqual({
      eventId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
      carrierMessageId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=',
      channel: 'WhatsApp',
      from: '+16505551234',
      to: '+15550783881',
      body: 'this is a text message',
      receivedAt: AT,
      contextId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGA9wcm9kdWN0X2lucXVpcnkA',
    });
  });

  it("maps a reply to its title as the body and its id or payload beside it", () => {
    expect(inboundOf(BUTTON_MESSAGE)).toMatchObject({ ok: true, fields: { body: 'Unsubscribe' }, reply: { kind: 'button', id: 'Unsubscribe', title: 'Unsubscribe' } });
    expect(inboundOf(BUTTON_REPLY_MESSAGE)).toMatchObject({ ok: true, fields: { body: 'Cancel', context: { id: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=' } }, reply: { kind: 'button_reply', id: 'cancel-button' } });
    expect(inboundOf(LIST_REPLY_MESSAGE)).toMatchObject({ ok: true, fields: { body: 'Priority Mail Express' }, reply: { kind: 'list_reply', id: 'priority_express', title: 'Priority Mail Express' } });
  });

  it("cuts a text over the record's limit to it, in characters, and says so", () => {
    const long = TEXT_MESSAGE.replace('this is a text message', '👍'.repeat(5000));
    const inbound = inboundOf(long);
    if (!inbound.ok) throw new Error('unsupported');
    expect(inbound.truncated).toBe(true);
    expect([...inbound.fields.body]).toHaveLength(4096);
    expect(() => toCarrierInbound({ ...inbound.fields })).not.toThrow();
  });

  it('answers a type it does not read as unsupported, by name', () => {
    const image = TEXT_MESSAGE.replace('"type":"text","text":{"body":"this is a text message"}', '"type":"image","image":{"id":"2754859441498128"}');
    expect(inboundOf(image)).toEqual({ ok: false, reason: 'unsupported-type', reported: 'image' });
  });

  it('writes numbers as E.164 and keeps anything else as Meta gave it', () => {
    expect(toE164('16505551234')).toBe('+16505551234');
    expect(toE164('+1 555-078-3881')).toBe('+15550783881');
    expect(toE164('US.13491208655302741918')).toBe('US.13491208655302741918');
  });
});
