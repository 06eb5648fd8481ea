import { parseWhatsAppWebhook } from './whatsapp-webhook.parser';
import type { WhatsAppWebhook } from './whatsapp-webhook.types';
import {
  batchPayload,
  BUTTON_MESSAGE,
  BUTTON_REPLY_MESSAGE,
  LIST_REPLY_MESSAGE,
  STATUS_WAMID,
  statusPayload,
  TEXT_MESSAGE,
  TEXT_QUOTING_MESSAGE,
} from './testing/meta-payloads';

/** The parsed webhook of a payload that must be taken. */
function taken(payload: string): WhatsAppWebhook {
  const result = parseWhatsAppWebhook(Buffer.from(payload, 'utf8'));
  if (!result.ok) throw new Error(`refused: ${result.refusal.reason}: ${result.refusal.detail}`);
  return result.webhook;
}

const CUSTOMER_WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQUFERjg0NDEzNDdFODU3MUMxMAA=';
const AT_1739321024 = '2025-02-12T00:43:44.000Z';

describe("parseWhatsAppWebhook on Meta's documented payloads", () => {
  it("reads the App Dashboard's text sample with its number and time", () => {
    expect(taken(TEXT_MESSAGE)).toEqual({
      changes: [
        {
          businessAccountId: '0',
          phoneNumberId: '123456123',
          displayPhoneNumber: '16505551111',
          statuses: [],
          messages: [{ id: 'ABGGFlA5Fpa', from: '16315551181', occurredAt: '2017-09-08T20:36:28.000Z', type: 'text', text: 'this is a text message' }],
          errors: [],
        },
      ],
      otherFields: [],
    });
  });

  it('keeps the quoted wamid of a text (context.id)', () => {
    const [change] = taken(TEXT_QUOTING_MESSAGE).changes;
    expect(change).toMatchObject({ businessAccountId: '102290129340398', phoneNumberId: '106540352242922', displayPhoneNumber: '15550783881' });
    expect(change.messages).toEqual([
      {
        id: CUSTOMER_WAMID,
        from: '16505551234',
        occurredAt: AT_1739321024,
        contextId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGA9wcm9kdWN0X2lucXVpcnkA',
        type: 'text',
        text: 'this is a text message',
      },
    ]);
  });

  it("reads a template quick-reply button's text and payload, and the template it answers", () => {
    expect(taken(BUTTON_MESSAGE).changes[0].messages[0]).toMatchObject({
      type: 'button',
      button: { text: 'Unsubscribe', payload: 'Unsubscribe' },
      contextId: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=',
    });
  });

  it('reads an interactive reply button and a list row, id and title', () => {
    expect(taken(BUTTON_REPLY_MESSAGE).changes[0].messages[0]).toMatchObject({
      type: 'interactive',
      reply: { kind: 'button_reply', id: 'cancel-button', title: 'Cancel' },
      contextId: 'wamid.HBgLMTQxMjU1NTA4MjkVAgASGBQzQUNCNjk5RDUwNUZGMUZEM0VBRAA=',
    });
    expect(taken(LIST_REPLY_MESSAGE).changes[0].messages[0]).toMatchObject({
      type: 'interactive',
      reply: { kind: 'list_reply', id: 'priority_express', title: 'Priority Mail Express', description: 'Next Day to 2 Days' },
    });
  });

  it.each(['sent', 'delivered', 'read'] as const)('reads a %s status', (status) => {
    expect(taken(statusPayload(status)).changes[0].statuses).toEqual([{ id: STATUS_WAMID, status, occurredAt: AT_1739321024, recipientId: '16505551234' }]);
  });

  it("reads a failed status with Meta's error code", () => {
    expect(taken(statusPayload('failed')).changes[0].statuses).toEqual([
      { id: STATUS_WAMID, status: 'failed', occurredAt: AT_1739321024, recipientId: '16505551234', errors: [{ code: 131026, title: 'Message undeliverable' }] },
    ]);
  });

  it('yields every change of a batch of several entries, in order', () => {
    const webhook = taken(batchPayload());
    expect(webhook.changes.map((c) => [c.messages.map((m) => m.type), c.statuses.map((s) => s.status)])).toEqual([
      [['text'], []],
      [[], ['delivered']],
      [[], ['read']],
      [['interactive'], []],
    ]);
  });

  it('keeps a message type it does not read, by name and as it came, instead of dropping it', () => {
    const image = TEXT_MESSAGE.replace('"type":"text","text":{"body":"this is a text message"}', '"type":"image","image":{"id":"2754859441498128","mime_type":"image/jpeg"}');
    expect(taken(image).changes[0].messages[0]).toMatchObject({ type: 'other', reported: 'image', raw: { image: { id: '2754859441498128' } } });
    const flow = BUTTON_REPLY_MESSAGE.replace('"type": "button_reply"', '"type": "nfm_reply"');
    expect(taken(flow).changes[0].messages[0]).toMatchObject({ type: 'other', reported: 'interactive.nfm_reply' });
  });

  it('keeps a status name it does not know as other', () => {
    expect(taken(statusPayload('sent').replace('"status": "sent"', '"status": "deleted"')).changes[0].statuses[0]).toMatchObject({ status: 'other', reported: 'deleted' });
  });

  it('names changes of other fields without reading them, and reads errors of a change', () => {
    const body = JSON.parse(statusPayload('sent')) as { entry: Array<{ changes: Array<Record<string, unknown>> }> };
    body.entry[0].changes.push({ field: 'account_update', value: { event: 'VERIFIED_ACCOUNT' } });
    (body.entry[0].changes[0].value as Record<string, unknown>).errors = [{ code: 130429, title: 'Rate limit hit' }];
    const webhook = taken(JSON.stringify(body));
    expect(webhook.otherFields).toEqual(['account_update']);
    expect(webhook.changes[0].errors).toEqual([{ code: 130429, title: 'Rate limit hit' }]);
  });
});
