import { createHmac, timingSafeEqual } from 'node:crypto';

const HEX_SHA256 = /^[0-9a-f]{64}$/;

/** Lowercase hex HMAC-SHA256 of the exact raw body (spec 6.3 rule 7: no timestamp). */
export function signCallback(secret: string, rawBody: Buffer): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/**
 * Whether `signature` is the body's HMAC under `secret`. Compared in constant
 * time; the shape check first guarantees equal lengths for timingSafeEqual and
 * reveals nothing about the secret.
 */
export function isValidSignature(secret: string, rawBody: Buffer, signature: string | undefined): boolean {
  const given = (signature ?? '').trim().toLowerCase();
  if (!HEX_SHA256.test(given)) return false;
  const expected = signCallback(secret, rawBody);
  return timingSafeEqual(Buffer.from(expected, 'ascii'), Buffer.from(given, 'ascii'));
}
