import { base32Decode, base32Encode } from './base32';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { hotp, matchTotp, otpauthUrl, timeStep, totpAt } from './totp';

const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');
const at = (seconds: number) => new Date(seconds * 1000);

describe('base32', () => {
  it('matches the RFC 4648 vectors and round-trips', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Encode(Buffer.from('f'))).toBe('MY');
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Decode('mzxw6ytboi======').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(RFC_KEY)).equals(RFC_KEY)).toBe(true);
    expect(() => base32Decode('A1')).toThrow();
  });
});

describe('TOTP (RFC 6238, HMAC-SHA1)', () => {
  it('gives the RFC test vectors for 6 digits', () => {
    expect(totpAt(RFC_KEY, at(59))).toBe('287082');
    expect(totpAt(RFC_KEY, at(1111111109))).toBe('081804');
    expect(totpAt(RFC_KEY, at(1234567890))).toBe('005924');
    expect(totpAt(RFC_KEY, at(2000000000))).toBe('279037');
  });

  it('gives the RFC 4226 HOTP vectors', () => {
    expect([0, 1, 2, 9].map((c) => hotp(RFC_KEY, c))).toEqual(['755224', '287082', '359152', '520489']);
  });

  it('accepts the previous, current and next step, nothing further, and never a used step again', () => {
    const secret = base32Encode(RFC_KEY);
    const now = at(1111111109);
    const step = timeStep(now);
    expect(matchTotp(secret, '081804', now, null)).toBe(step);
    expect(matchTotp(secret, totpAt(RFC_KEY, at(1111111109 - 30)), now, null)).toBe(step - 1);
    expect(matchTotp(secret, totpAt(RFC_KEY, at(1111111109 + 30)), now, null)).toBe(step + 1);
    expect(matchTotp(secret, totpAt(RFC_KEY, at(1111111109 + 60)), now, null)).toBeUndefined();
    expect(matchTotp(secret, '081804', now, step)).toBeUndefined();
    expect(matchTotp(secret, totpAt(RFC_KEY, at(1111111109 - 30)), now, step - 1)).toBeUndefined();
    expect(matchTotp(secret, '81804', now, null)).toBeUndefined();
  });

  it('builds the otpauth URI for authenticator apps', () => {
    expect(otpauthUrl('ABC', 'ann@example.com')).toBe('otpauth://totp/MessagingPlatform:ann@example.com?secret=ABC&issuer=MessagingPlatform');
  });
});

describe('recovery codes', () => {
  it('are ten distinct xxxx-xxxx-xx codes of a 32-symbol alphabet, hashed regardless of case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{4}-[0-9a-hjkmnp-tv-z]{2}$/);
      expect(looksLikeRecoveryCode(code)).toBe(true);
    }
    expect(hashRecoveryCode(codes[0].toUpperCase().replace(/-/g, ' '))).toBe(hashRecoveryCode(codes[0]));
    expect(looksLikeRecoveryCode('123456')).toBe(false);
  });
});
