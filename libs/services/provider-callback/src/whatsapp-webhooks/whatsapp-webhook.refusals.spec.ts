import { MAX_WEBHOOK_BYTES, MAX_WEBHOOK_ITEMS, parseWhatsAppWebhook } from './whatsapp-webhook.parser';
import { batchPayload, statusPayload, TEXT_MESSAGE } from './testing/meta-payloads';

type Body = Record<string, unknown> & { entry: Array<Record<string, unknown> & { changes: Array<Record<string, unknown> & { value: Record<string, unknown> }> }> };

const refusalOf = (body: Buffer | string) => parseWhatsAppWebhook(typeof body === 'string' ? Buffer.from(body, 'utf8') : body);
/** A documented payload, changed by `edit` before it is serialised. */
const edited = (payload: string, edit: (body: Body) => void) => {
  const body = JSON.parse(payload) as Body;
  edit(body);
  return JSON.stringify(body);
};
const firstStatus = (b: Body) => (b.entry[0].changes[0].value.statuses as Array<Record<string, unknown>>)[0];
const firstMessage = (b: Body) => (b.entry[0].changes[0].value.messages as Array<Record<string, unknown>>)[0];

describe('parseWhatsAppWebhook refuses bad input whole, with a reason', () => {
  it('refuses a body over the limit before reading it', () => {
    const padded = Buffer.alloc(MAX_WEBHOOK_BYTES + 1, ' ');
    Buffer.from(TEXT_MESSAGE).copy(padded);
    expect(refusalOf(padded)).toEqual({ ok: false, refusal: { reason: 'too-large', detail: `The body is larger than ${MAX_WEBHOOK_BYTES} bytes.` } });
    // At the limit exactly it is still read.
    expect(refusalOf(padded.subarray(0, MAX_WEBHOOK_BYTES)).ok).toBe(true);
  });

  it('refuses more statuses and messages than the bound, even within the byte limit', () => {
    const many = edited(statusPayload('read'), (b) => {
      const status = firstStatus(b);
      b.entry[0].changes[0].value.statuses = Array.from({ length: MAX_WEBHOOK_ITEMS + 1 }, () => status);
    });
    expect(Buffer.byteLength(many)).toBeLessThan(MAX_WEBHOOK_BYTES);
    expect(refusalOf(many)).toMatchObject({ ok: false, refusal: { reason: 'too-large' } });
  });

  it.each([
    ['malformed JSON', '{"object":"whatsapp_business_account","entry":[}'],
    ['a truncated body', batchPayload().slice(0, 300)],
    ['an empty body', ''],
    ['invalid UTF-8', Buffer.concat([Buffer.from('{"object":"whatsapp_business_account","entry":["'), Buffer.from([0xc3, 0x28]), Buffer.from('"]}')])],
  ])('refuses %s as not JSON', (_what, body) => {
    expect(refusalOf(body)).toEqual({ ok: false, refusal: { reason: 'not-json', detail: 'The body is not JSON in UTF-8.' } });
  });

  it('refuses another object, or none', () => {
    expect(refusalOf(TEXT_MESSAGE.replace('whatsapp_business_account', 'page'))).toMatchObject({ ok: false, refusal: { reason: 'wrong-object' } });
    expect(refusalOf(edited(TEXT_MESSAGE, (b) => delete b.object))).toMatchObject({ ok: false, refusal: { reason: 'wrong-object' } });
    expect(refusalOf('[]')).toMatchObject({ ok: false, refusal: { reason: 'malformed', detail: 'The body must be an object.' } });
  });

  it.each<[string, (b: Body) => void, string]>([
    ['no entry', (b) => delete (b as Partial<Body>).entry, 'entry must be an array.'],
    ['an empty entry', (b) => (b.entry = []), 'entry must not be empty.'],
    ['an entry without changes', (b) => delete (b.entry[0] as Partial<Body['entry'][0]>).changes, 'entry[0].changes must be an array.'],
    ['a change without value', (b) => delete (b.entry[0].changes[0] as Partial<Body['entry'][0]['changes'][0]>).value, 'entry[0].changes[0].value must be an object.'],
    ['a change without metadata', (b) => delete b.entry[0].changes[0].value.metadata, 'entry[0].changes[0].value.metadata must be an object.'],
    ['statuses not an array', (b) => (b.entry[0].changes[0].value.statuses = {}), 'entry[0].changes[0].value.statuses must be an array.'],
    ['a numeric timestamp string with a dot', (b) => (firstStatus(b).timestamp = '1739321024.5'), 'entry[0].changes[0].value.statuses[0].timestamp must be Unix seconds.'],
    ['an id that is a number', (b) => (firstStatus(b).id = 42), 'entry[0].changes[0].value.statuses[0].id must be a non-empty string of at most 128 characters.'],
    ['an error code that is text', (b) => (firstStatus(b).errors = [{ code: '131026' }]), 'entry[0].changes[0].value.statuses[0].errors[0].code must be an integer.'],
    ['a status without a recipient', (b) => delete firstStatus(b).recipient_id, 'entry[0].changes[0].value.statuses[0].recipient_id must be a non-empty string of at most 128 characters.'],
  ])('refuses %s, naming the place', (_what, edit, detail) => {
    expect(refusalOf(edited(statusPayload('failed'), edit))).toEqual({ ok: false, refusal: { reason: 'malformed', detail } });
  });

  it.each<[string, (b: Body) => void, string]>([
    ['a text without body', (b) => (firstMessage(b).text = {}), 'entry[0].changes[0].value.messages[0].text.body must be a non-empty string of at most 65536 characters.'],
    ['a message without type', (b) => delete firstMessage(b).type, 'entry[0].changes[0].value.messages[0].type must be a non-empty string of at most 64 characters.'],
    ['a context that is a string', (b) => (firstMessage(b).context = 'wamid.x'), 'entry[0].changes[0].value.messages[0].context must be an object.'],
  ])('refuses %s, naming the place', (_what, edit, detail) => {
    expect(refusalOf(edited(TEXT_MESSAGE, edit))).toEqual({ ok: false, refusal: { reason: 'malformed', detail } });
  });

  it('gives no partial result: one bad item late in a batch refuses the good ones before it', () => {
    const body = edited(batchPayload(), (b) => {
      const last = b.entry[b.entry.length - 1].changes[0].value.messages as Array<Record<string, unknown>>;
      last[0].interactive = { type: 'list_reply', list_reply: { id: 'priority_express' } };
    });
    expect(refusalOf(body)).toEqual({
      ok: false,
      refusal: { reason: 'malformed', detail: 'entry[2].changes[0].value.messages[0].interactive.list_reply.title must be a non-empty string of at most 1024 characters.' },
    });
  });

  it('never throws, whatever the bytes', () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    for (const body of [deep, 'null', '"text"', '{"object":"whatsapp_business_account","entry":[null]}', '{"__proto__":{"object":"whatsapp_business_account"}}']) {
      expect(() => refusalOf(body)).not.toThrow();
      expect(refusalOf(body).ok).toBe(false);
    }
    expect(parseWhatsAppWebhook(undefined as unknown as Buffer)).toMatchObject({ ok: false, refusal: { reason: 'not-json' } });
  });
});
