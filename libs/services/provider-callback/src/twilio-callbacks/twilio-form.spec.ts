import { firstParam, paramsObject, parseTwilioForm, TWILIO_FORM_MAX_BYTES, TWILIO_FORM_MAX_PARAMETERS } from './twilio-form';
import { INBOUND_SMS, INBOUND_WHATSAPP_BUTTON, MESSAGE_SID, STATUS_DELIVERED } from './testing/twilio-callback-fixtures';

function parsed(body: string | Buffer) {
  const result = parseTwilioForm(body);
  if (!result.ok) throw new Error(`refused: ${result.reason} ${result.detail}`);
  return result.params;
}

describe('parseTwilioForm', () => {
  it('reads a status callback body', () => {
    const params = parsed(STATUS_DELIVERED);
    expect(firstParam(params, 'MessageSid')).toBe(MESSAGE_SID);
    expect(firstParam(params, 'From')).toBe('+15017250604');
    expect(firstParam(params, 'RawDlrDoneDate')).toBe('2302141505');
  });

  it('decodes + as a space, %2B as a plus and UTF-8 escapes, from bytes or a string', () => {
    expect(firstParam(parsed(INBOUND_SMS), 'Body')).toBe('Hello 👋 1+1=2');
    expect(firstParam(parsed(Buffer.from(INBOUND_SMS)), 'Body')).toBe('Hello 👋 1+1=2');
  });

  it('agrees with URLSearchParams on well-formed bodies', () => {
    for (const body of [STATUS_DELIVERED, INBOUND_SMS, INBOUND_WHATSAPP_BUTTON, 'a=1&&b&c=&a=2&']) {
      const expected = new Map<string, string[]>();
      for (const [name, value] of new URLSearchParams(body)) expected.set(name, [...(expected.get(name) ?? []), value]);
      expect(parsed(body)).toEqual(expected);
    }
  });

  it('keeps every value of a repeated name, in order', () => {
    const params = parsed('MediaUrl=b&MessageSid=SM1&MediaUrl=a');
    expect(params.get('MediaUrl')).toEqual(['b', 'a']);
    expect(paramsObject(params)).toEqual({ MediaUrl: ['b', 'a'], MessageSid: 'SM1' });
  });

  it('keeps a leading byte-order mark in a value (it was signed)', () => {
    expect(firstParam(parsed('Body=%EF%BB%BFhi'), 'Body')).toBe('\uFEFFhi');
  });

  it('takes a body of exactly the limit', () => {
    const body = `Body=${'a'.repeat(TWILIO_FORM_MAX_BYTES - 5)}`;
    expect(Buffer.byteLength(body)).toBe(TWILIO_FORM_MAX_BYTES);
    expect(parseTwilioForm(body).ok).toBe(true);
  });

  it.each([
    ['an empty body', '', 'empty'],
    ['a body of separators only', '&&&', 'empty'],
    ['a body one byte over the limit', `Body=${'a'.repeat(TWILIO_FORM_MAX_BYTES - 4)}`, 'too-large'],
    ['too many parameters', Array.from({ length: TWILIO_FORM_MAX_PARAMETERS + 1 }, (_, i) => `p${i}=1`).join('&'), 'too-many-parameters'],
    ['a % without two hex digits', 'MessageSid=SM1&Body=100%', 'malformed-form'],
    ['a % with one hex digit', 'Body=%4', 'malformed-form'],
    ['a % with non-hex digits', 'Body=%zz', 'malformed-form'],
    ['an escape that is not UTF-8', 'Body=%FF%FE', 'malformed-form'],
    ['a truncated UTF-8 sequence', 'Body=%F0%9F%91', 'malformed-form'],
    ['a parameter without a name', 'MessageSid=SM1&=x', 'malformed-form'],
    ['a raw space', 'Body=a b', 'malformed-form'],
    ['a raw newline', 'MessageSid=SM1\nBody=x', 'malformed-form'],
    ['raw UTF-8 that was not escaped', 'Body=€', 'malformed-form'],
  ])('refuses %s, with a reason and no params', (_, body, reason) => {
    const result = parseTwilioForm(body);
    expect(result).toEqual({ ok: false, reason, detail: expect.any(String) });
    expect(result).not.toHaveProperty('params');
  });

  it('refuses raw bytes that are not ASCII', () => {
    expect(parseTwilioForm(Buffer.from([0x42, 0x6f, 0x64, 0x79, 0x3d, 0xff]))).toMatchObject({ ok: false, reason: 'malformed-form' });
  });
});
