import { createHash, randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_PREFIX = 'mpk_';
const RANDOM_CHARS = 32;
const KEY_PATTERN = /^mpk_[0-9A-Za-z]{32}$/;
/** Shown in lists so a person can tell keys apart: `mpk_` and four random characters. */
export const DISPLAY_PREFIX_LENGTH = 8;

/**
 * `mpk_` + 32 base62 characters (about 190 bits). The recognisable prefix
 * lets secret scanners spot a leaked key. Bytes of 248 and above are dropped
 * (rejection sampling) because 256 is not a multiple of 62 and keeping them
 * would make the first characters of the alphabet more likely.
 */
export function generateApiKey(): string {
  let out = KEY_PREFIX;
  while (out.length < KEY_PREFIX.length + RANDOM_CHARS) {
    for (const byte of randomBytes(RANDOM_CHARS)) {
      if (byte >= 248) continue;
      out += ALPHABET[byte % 62];
      if (out.length === KEY_PREFIX.length + RANDOM_CHARS) break;
    }
  }
  return out;
}

export function isWellFormedApiKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/**
 * Keys are looked up by their SHA-256. No salt or slow hash is needed: with
 * ~190 bits of randomness a key cannot be guessed from its hash, and a
 * deterministic hash is what makes the indexed lookup possible. For the same
 * reason no constant-time comparison is needed: the database finds the row by
 * hash equality, and timing that lookup reveals at most bits of a hash, which
 * give nothing towards a key that hashes to it.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function displayPrefix(key: string): string {
  return key.slice(0, DISPLAY_PREFIX_LENGTH);
}
