import { createHmac } from 'node:crypto';
import { isValidSignature, signCallback } from './callback-signature';

const body = Buffer.from('{"eventId":"e-1"}');
const secret = 'sandbox-sim-secret';

describe('callback signatures', () => {
  it('signs as lowercase hex HMAC-SHA256 of the raw bytes', () => {
    expect(signCallback(secret, body)).toBe(createHmac('sha256', secret).update(body).digest('hex'));
    expect(signCallback(secret, body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts the right signature, in either letter case', () => {
    expect(isValidSignature(secret, body, signCallback(secret, body))).toBe(true);
    expect(isValidSignature(secret, body, signCallback(secret, body).toUpperCase())).toBe(true);
  });

  it('refuses a missing, malformed, truncated or wrong signature', () => {
    const good = signCallback(secret, body);
    expect(isValidSignature(secret, body, undefined)).toBe(false);
    expect(isValidSignature(secret, body, '')).toBe(false);
    expect(isValidSignature(secret, body, good.slice(0, 63))).toBe(false);
    expect(isValidSignature(secret, body, `sha256=${good}`)).toBe(false);
    expect(isValidSignature('other-secret', body, good)).toBe(false);
    expect(isValidSignature(secret, Buffer.from('{"eventId":"e-2"}'), good)).toBe(false);
  });
});
