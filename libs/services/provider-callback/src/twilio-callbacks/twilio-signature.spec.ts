import { createHmac } from 'node:crypto';
import { getExpectedTwilioSignature, validateRequest } from 'twilio/lib/webhooks/webhooks';
import { paramsObject, parseTwilioForm, type TwilioParams } from './twilio-form';
import { verifyTwilioSignature } from './twilio-signature';
import { INBOUND_SMS, INBOUND_WHATSAPP_BUTTON, STATUS_DELIVERED, STATUS_UNDELIVERED } from './testing/twilio-callback-fixtures';

const authToken = '12345678901234567890123456789012';
const statusUrl = 'https://callbacks.example.com/v1/webhooks/carriers/twilio-us/status';
const inboundUrl = 'https://callbacks.example.com/v1/webhooks/carriers/twilio-us/inbound';

function params(body: string): TwilioParams {
  const parsed = parseTwilioForm(body);
  if (!parsed.ok) throw new Error(`fixture refused: ${parsed.detail}`);
  return parsed.params;
}

/** Twilio's own signature of the body at the URL (twilio-node takes repeated names as arrays). */
const twilioSigns = (url: string, body: string, token = authToken): string => getExpectedTwilioSignature(token, url, paramsObject(params(body)));

describe('verifyTwilioSignature agrees with twilio-node', () => {
  const cases: Array<[string, string, string]> = [
    ['a delivered status', statusUrl, STATUS_DELIVERED],
    ['an undelivered status with ErrorCode', statusUrl, STATUS_UNDELIVERED],
    ['an inbound SMS with emoji, a plus and spaces', inboundUrl, INBOUND_SMS],
    ['a WhatsApp button reply with an empty Body', inboundUrl, INBOUND_WHATSAPP_BUTTON],
    ['a URL with a query string', `${statusUrl}?attempt=2&note=a%20b`, STATUS_DELIVERED],
    ['repeated names, values out of order and one repeated', inboundUrl, `${INBOUND_SMS}&MediaUrl=b&MediaUrl=a&MediaUrl=b`],
    ['non-ASCII names and values', inboundUrl, 'MessageSid=SM1&%C3%A9t%C3%A9=%E2%82%AC+5&Z=%E4%BD%A0%E5%A5%BD'],
  ];

  it.each(cases)('accepts Twilio’s signature of %s', (_, url, body) => {
    const header = twilioSigns(url, body);
    // The peer's own check takes the same signature, so both sides agree on the bytes signed.
    expect(validateRequest(authToken, header, url, paramsObject(params(body)))).toBe(true);
    expect(verifyTwilioSignature({ url, params: params(body), header, authToken })).toBe(true);
  });

  it('signs the documented concatenation: url, then each name + value sorted by name', () => {
    const body = 'To=%2B15558675310&Body=a+b&From=%2B15017250604';
    const expected = createHmac('sha1', authToken).update(`${statusUrl}Bodya bFrom+15017250604To+15558675310`).digest('base64');
    expect(twilioSigns(statusUrl, body)).toBe(expected);
    expect(verifyTwilioSignature({ url: statusUrl, params: params(body), header: expected, authToken })).toBe(true);
  });

  it('accepts the URL with or without the default port, as validateRequest does', () => {
    const withPort = 'https://callbacks.example.com:443/v1/webhooks/carriers/twilio-us/status';
    const header = twilioSigns(withPort, STATUS_DELIVERED);
    expect(validateRequest(authToken, header, statusUrl, paramsObject(params(STATUS_DELIVERED)))).toBe(true);
    expect(verifyTwilioSignature({ url: statusUrl, params: params(STATUS_DELIVERED), header, authToken })).toBe(true);
    expect(verifyTwilioSignature({ url: withPort, params: params(STATUS_DELIVERED), header: twilioSigns(statusUrl, STATUS_DELIVERED), authToken })).toBe(true);
  });
});

describe('verifyTwilioSignature refuses', () => {
  const header = twilioSigns(statusUrl, STATUS_DELIVERED);
  const good = { url: statusUrl, params: params(STATUS_DELIVERED), header, authToken };

  it('the right inputs are accepted (the control for the refusals below)', () => {
    expect(verifyTwilioSignature(good)).toBe(true);
  });

  it.each([
    ['another auth token', { authToken: authToken.replace('1', '9') }],
    ['another URL (the inbound path)', { url: inboundUrl }],
    ['the URL the pod saw behind the ingress', { url: 'http://provider-callback:8080/v1/webhooks/carriers/twilio-us/status' }],
    ['a query string Twilio did not call', { url: `${statusUrl}?x=1` }],
    ['a changed parameter', { params: params(STATUS_DELIVERED.replace('MessageStatus=delivered', 'MessageStatus=undelivered')) }],
    ['an added parameter', { params: params(`${STATUS_DELIVERED}&ErrorCode=30003`) }],
    ['a removed parameter', { params: params(STATUS_DELIVERED.replace('&RawDlrDoneDate=2302141505', '')) }],
    ['no header', { header: undefined }],
    ['an empty header', { header: '' }],
    ['a header that is not base64 of a SHA-1', { header: 'not-a-signature' }],
    ['a SHA-256 length header', { header: createHmac('sha256', authToken).update(statusUrl).digest('base64') }],
    ['a signature with one character changed', { header: (header[0] === 'A' ? 'B' : 'A') + header.slice(1) }],
    ['an empty auth token', { authToken: '' }],
  ])('%s', (_, change) => {
    expect(verifyTwilioSignature({ ...good, ...change })).toBe(false);
  });

  it('never throws on input of the wrong types', () => {
    const odd = { url: undefined, params: new Map(), header: 42, authToken: null } as unknown as Parameters<typeof verifyTwilioSignature>[0];
    expect(verifyTwilioSignature(odd)).toBe(false);
    expect(verifyTwilioSignature({ ...good, params: undefined as unknown as TwilioParams })).toBe(false);
    expect(verifyTwilioSignature({ ...good, params: new Map([['MessageSid', 42]]) as unknown as TwilioParams })).toBe(false);
  });
});
