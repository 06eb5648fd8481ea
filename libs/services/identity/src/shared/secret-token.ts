import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer secrets (verification and refresh tokens): 32 random bytes, base64url.
 * Only their SHA-256 is stored, so a leaked table grants nothing; a plain hash
 * (no salt, no stretching) is enough because the input has 256 bits of entropy.
 */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

/** 32 bytes in base64url, no padding: exactly 43 characters of the url-safe alphabet. */
export function looksLikeSecretToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}

/**
 * Constant-time equality of two secrets (or of two hashes). Both sides are
 * digested first, so the comparison takes the same time whatever their lengths.
 */
export function sameSecret(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a, 'utf8').digest(), createHash('sha256').update(b, 'utf8').digest());
}
