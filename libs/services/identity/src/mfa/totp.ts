import { createHmac, randomBytes } from 'node:crypto';
import { sameSecret } from '../shared/secret-token';
import { base32Decode, base32Encode } from './base32';

/** RFC 6238 with the parameters every authenticator app defaults to. */
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Codes of the previous and the next step are accepted too (clock drift). */
export const TOTP_WINDOW_STEPS = 1;
export const TOTP_ISSUER = 'MessagingPlatform';

/** A new 160-bit secret (the HMAC-SHA1 block the RFC recommends), base32. */
export function newTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

export function otpauthUrl(secretBase32: string, email: string): string {
  const label = `${TOTP_ISSUER}:${encodeURIComponent(email).replace(/%40/g, '@')}`;
  return `otpauth://totp/${label}?secret=${secretBase32}&issuer=${TOTP_ISSUER}`;
}

export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_STEP_SECONDS);
}

/** RFC 4226 HOTP: HMAC-SHA1 of the 8-byte counter, dynamic truncation, `digits` decimal digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code an authenticator shows at `at` for a raw key. */
export function totpAt(key: Buffer, at: Date, digits = TOTP_DIGITS): string {
  return hotp(key, timeStep(at), digits);
}

export const looksLikeTotpCode = (code: string): boolean => /^\d{6}$/.test(code);

/**
 * The time step `code` belongs to, among now-1..now+1, that is later than
 * `lastUsedStep` (a code is accepted once: that step and earlier ones are
 * refused); undefined when none matches. Every candidate is computed and
 * compared in constant time, so the answer time says nothing about the code.
 */
export function matchTotp(secretBase32: string, code: string, at: Date, lastUsedStep: number | null): number | undefined {
  if (!looksLikeTotpCode(code)) return undefined;
  const key = base32Decode(secretBase32);
  const current = timeStep(at);
  let matched: number | undefined;
  for (let step = current - TOTP_WINDOW_STEPS; step <= current + TOTP_WINDOW_STEPS; step++) {
    const equal = sameSecret(hotp(key, step), code);
    const fresh = lastUsedStep === null || step > lastUsedStep;
    if (equal && fresh && matched === undefined) matched = step;
  }
  return matched;
}
