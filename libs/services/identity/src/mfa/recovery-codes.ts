import { randomInt } from 'node:crypto';
import { sha256Hex } from '../shared/secret-token';

export const RECOVERY_CODE_COUNT = 10;
/** 32 symbols (Crockford's base32, lower case: no i, l, o, u), so each character carries 5 bits. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 10;

/** `xxxx-xxxx-xx`: 50 random bits, easy to read out and type. */
export function newRecoveryCode(): string {
  let raw = '';
  for (let i = 0; i < LENGTH; i++) raw += ALPHABET[randomInt(ALPHABET.length)];
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** Case, spaces and dashes do not matter when a code is typed back. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return new RegExp(`^[${ALPHABET}]{${LENGTH}}$`).test(normaliseRecoveryCode(code));
}

export function hashRecoveryCode(code: string): string {
  return sha256Hex(normaliseRecoveryCode(code));
}
