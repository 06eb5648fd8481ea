import * as crypto from 'node:crypto';
import { billingWebhookHeaders, messageWebhookHeaders } from './webhook-signature';

/**
 * The signatures customers verify (spec 6.3): known-answer vectors (computed
 * with `openssl dgst -sha256 -hmac`, and again here with createHmac), the
 * timestamp, and the receiver's check that docs/webhooks.md publishes,
 * copied below, run against what the service signs.
 */

// ---- Copied from docs/webhooks.md ("Verifying a delivery"), with types added. Keep the two in step. ----
const TOLERANCE_SECONDS = 300;

function verifyWebhook(
  rawBody: Buffer | string,
  headers: Record<string, string | string[] | undefined>,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): boolean {
  const timestamp = headers['x-webhook-timestamp'];
  const signature = headers['x-webhook-signature'];
  if (typeof timestamp !== 'string' || !/^\d+$/.test(timestamp) || typeof signature !== 'string') return false;
  if (Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS) return false;
  const expected = 'sha256=' + crypto.createHmac('sha256', secret).update(timestamp + '.').update(rawBody).digest('hex');
  const given = Buffer.from(signature);
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}

function verifyBillingWebhook(rawBody: Buffer | string, headers: Record<string, string | string[] | undefined>, secret: string): boolean {
  const signature = headers['x-signature'];
  if (typeof signature !== 'string') return false;
  const given = Buffer.from(signature);
  const wanted = Buffer.from(crypto.createHmac('sha256', secret).update(rawBody).digest('hex'));
  return given.length === wanted.length && crypto.timingSafeEqual(given, wanted);
}
// ---- End of the copy. ----

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSwC3m2Rz8Ld1E=';
const DELIVERY_ID = '3f1e2d3c-4b5a-4697-8877-665544332211';
const hmacHex = (key: string | Buffer, text: string | Buffer) => crypto.createHmac('sha256', key).update(text).digest('hex');
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

describe('messageWebhookHeaders (spec 6.3)', () => {
  // [what, body, signedAt, timestamp header, X-Webhook-Signature hex (openssl)]
  const VECTORS: [string, string, Date, string, string][] = [
    [
      'an ASCII body',
      '{"eventType":"MessageDelivered","data":{"state":"delivered"}}',
      new Date(1_700_000_000_000),
      '1700000000',
      'c03948f7caa5f1baf8c4d1296f1aff9469312622622aa4440d5ed9b68b97f918',
    ],
    [
      'a UTF-8 body (signed as its bytes), signed late in a second',
      '{"body":"Grüße 👋"}',
      new Date('2025-01-01T00:00:00.999Z'),
      '1735689600',
      '2ce67083eca1db3af1f8c8420f5ab6f037099e94c5b9a9310994347dc51c14d4',
    ],
    ['an empty body', '', new Date(1_700_000_000_500), '1700000000', '228599a15503822d55fed6e877e6b1f141a93fb3338ddc1f0ea24d2f890cc011'],
  ];

  it.each(VECTORS)('signs %s: known answer', (_what, body, signedAt, timestamp, hex) => {
    const headers = messageWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body, signedAt });
    expect(headers).toEqual({
      'content-type': 'application/json',
      'x-webhook-id': DELIVERY_ID,
      'x-webhook-timestamp': timestamp,
      'x-webhook-signature': `sha256=${hex}`,
    });
    // The same answer, computed independently: HMAC-SHA256 of "<timestamp>.<body>" keyed by the whole secret string.
    expect(hmacHex(SECRET, `${timestamp}.${body}`)).toBe(hex);
  });

  it('is lowercase hex of 64 digits after "sha256="', () => {
    const { 'x-webhook-signature': signature } = messageWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body: '{}', signedAt: new Date() });
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
  });

  it.each([
    ['the epoch', new Date(0), '0'],
    ['a whole second', new Date('2025-11-20T09:30:00.000Z'), '1763631000'],
    ['the last millisecond of a second (floored, not rounded)', new Date('2025-11-20T09:30:00.999Z'), '1763631000'],
    ['one millisecond later', new Date('2025-11-20T09:30:01.000Z'), '1763631001'],
  ])('X-Webhook-Timestamp is the unix seconds of signedAt: %s', (_what, signedAt, expected) => {
    const headers = messageWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body: '{}', signedAt });
    expect(headers['x-webhook-timestamp']).toBe(expected);
    expect(headers['x-webhook-signature']).toBe(`sha256=${hmacHex(SECRET, `${expected}.{}`)}`);
  });

  it('keys the HMAC with the whole whsec_ string, not its base64-decoded bytes', () => {
    const body = '{"eventType":"WebhookTest"}';
    const signedAt = new Date(1_700_000_000_000);
    const headers = messageWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body, signedAt });
    const decodedKey = Buffer.from(SECRET.slice('whsec_'.length), 'base64');
    expect(headers['x-webhook-signature']).not.toBe(`sha256=${hmacHex(decodedKey, `1700000000.${body}`)}`);
    expect(verifyWebhook(body, headers, SECRET, 1_700_000_000)).toBe(true);
  });

  it('keeps the delivery id as given (the same on every attempt and replay) and signs each attempt at its own time', () => {
    const body = '{"eventType":"MessageAccepted"}';
    const first = messageWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body, signedAt: new Date(1_700_000_000_000) });
    const retry = messageWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body, signedAt: new Date(1_700_000_010_000) });
    expect(retry['x-webhook-id']).toBe(first['x-webhook-id']);
    expect(retry['x-webhook-timestamp']).toBe('1700000010');
    expect(retry['x-webhook-signature']).not.toBe(first['x-webhook-signature']);
  });
});

describe("the receiver's check published in docs/webhooks.md", () => {
  const body = JSON.stringify({
    eventType: 'MessageDelivered',
    timestamp: '2025-11-20T09:31:02.114Z',
    accountId: '5f0c3b1e-8a9d-4c2e-9b7a-1d2e3f4a5b6c',
    subaccountId: null,
    messageId: '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d',
    data: { clientReference: 'Grüße', previousState: 'dispatched', reason: 'delivered', state: 'delivered', channelType: 'Sms', attempt: 1 },
  });
  const signedAt = new Date();
  const now = seconds(signedAt);
  const headers = messageWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body, signedAt });

  it('accepts a fresh signature, over the raw bytes as a Buffer or a string, with its default clock', () => {
    expect(verifyWebhook(Buffer.from(body), headers, SECRET)).toBe(true);
    expect(verifyWebhook(body, headers, SECRET, now)).toBe(true);
  });

  it('rejects a tampered body', () => {
    expect(verifyWebhook(body.replace('delivered', 'undelivered'), headers, SECRET, now)).toBe(false);
    expect(verifyWebhook(`${body} `, headers, SECRET, now)).toBe(false);
    // Parsed and re-serialised: the same JSON value, other bytes.
    expect(verifyWebhook(JSON.stringify(JSON.parse(body), null, 2), headers, SECRET, now)).toBe(false);
  });

  it('rejects a wrong secret', () => {
    expect(verifyWebhook(body, headers, 'whsec_wrong', now)).toBe(false);
    expect(verifyWebhook(body, headers, SECRET.slice('whsec_'.length), now)).toBe(false);
    // After a rotation, deliveries signed with the new secret fail the old one.
    const rotated = messageWebhookHeaders({ deliveryId: DELIVERY_ID, secret: 'whsec_rotated', body, signedAt });
    expect(verifyWebhook(body, rotated, SECRET, now)).toBe(false);
    expect(verifyWebhook(body, rotated, 'whsec_rotated', now)).toBe(true);
  });

  it('accepts a timestamp up to 300 s old and rejects an older one (or one as far ahead)', () => {
    expect(verifyWebhook(body, headers, SECRET, now + 300)).toBe(true);
    expect(verifyWebhook(body, headers, SECRET, now + 301)).toBe(false);
    expect(verifyWebhook(body, headers, SECRET, now + 3600)).toBe(false);
    expect(verifyWebhook(body, headers, SECRET, now - 301)).toBe(false);
    const old = messageWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body, signedAt: new Date(signedAt.getTime() - 301_000) });
    expect(verifyWebhook(body, old, SECRET)).toBe(false);
  });

  it('rejects a replayed signature under a fresh timestamp, and missing or malformed headers', () => {
    expect(verifyWebhook(body, { ...headers, 'x-webhook-timestamp': String(now + 1) }, SECRET, now)).toBe(false);
    expect(verifyWebhook(body, { ...headers, 'x-webhook-signature': headers['x-webhook-signature'].toUpperCase() }, SECRET, now)).toBe(false);
    expect(verifyWebhook(body, { ...headers, 'x-webhook-signature': headers['x-webhook-signature'].slice('sha256='.length) }, SECRET, now)).toBe(false);
    expect(verifyWebhook(body, { ...headers, 'x-webhook-signature': undefined }, SECRET, now)).toBe(false);
    expect(verifyWebhook(body, { ...headers, 'x-webhook-timestamp': undefined }, SECRET, now)).toBe(false);
    expect(verifyWebhook(body, { ...headers, 'x-webhook-timestamp': `${now}.5` }, SECRET, now)).toBe(false);
    expect(verifyWebhook(body, { ...headers, 'x-webhook-signature': [headers['x-webhook-signature']] }, SECRET, now)).toBe(false);
  });
});

describe('billingWebhookHeaders (spec 6.3 rule 7)', () => {
  const body =
    '{"eventType":"SubscriptionChanged","timestamp":"2025-01-01T00:00:00.000Z","accountId":"5f0c3b1e-8a9d-4c2e-9b7a-1d2e3f4a5b6c","data":{"status":"past_due"}}';

  it('is the lowercase hex HMAC-SHA256 of the raw body alone, no timestamp, no prefix: known answer', () => {
    const headers = billingWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body });
    expect(headers).toEqual({
      'content-type': 'application/json',
      'x-webhook-id': DELIVERY_ID,
      'x-signature': 'ab1ee84709d3f78b0a2477028646b3c4409bc669ef7987b72f68ac4ee7f33351',
    });
    expect(hmacHex(SECRET, body)).toBe(headers['x-signature']);
  });

  it("passes the docs' billing check, which rejects a tampered body and a wrong secret", () => {
    const headers = billingWebhookHeaders({ deliveryId: DELIVERY_ID, secret: SECRET, body });
    expect(verifyBillingWebhook(Buffer.from(body), headers, SECRET)).toBe(true);
    expect(verifyBillingWebhook(body.replace('past_due', 'active'), headers, SECRET)).toBe(false);
    expect(verifyBillingWebhook(body, headers, 'whsec_wrong')).toBe(false);
    expect(verifyBillingWebhook(body, { ...headers, 'x-signature': undefined }, SECRET)).toBe(false);
  });
});
