import { createHmac, timingSafeEqual } from 'node:crypto';

// Meta sends `sha256=` and 64 hex digits (lowercase); the letter case of the digits is not a secret, so either is taken.
const META_SIGNATURE = /^sha256=([0-9a-fA-F]{64})$/;

/**
 * Whether `header` (X-Hub-Signature-256) is `sha256=` + the HMAC-SHA256 of
 * the exact raw body under the app secret. Meta signs the bytes it sent
 * (non-ASCII escaped as \uXXXX), so this must run on the raw body, never on
 * re-serialised JSON. Compared in constant time; the shape check first makes
 * the lengths equal and reveals nothing about the secret. Never throws: a
 * missing, malformed or wrong header, or an empty secret, is false.
 */
export function verifyMetaSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (typeof header !== 'string' || typeof appSecret !== 'string' || appSecret === '' || !Buffer.isBuffer(rawBody)) return false;
  const given = META_SIGNATURE.exec(header.trim());
  if (!given) return false;
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(given[1], 'hex'));
}
