import { randomBytes, timingSafeEqual } from 'node:crypto';
import { deriveFor, hashArgon2id, isWeakerThanCurrent, parseArgon2id } from './argon2id';
import { deriveScrypt, parseScrypt } from './legacy-scrypt';

/** New hashes are Argon2id (argon2id.ts); older scrypt hashes still verify. */
export async function hashPassword(password: string): Promise<string> {
  return hashArgon2id(password);
}

export interface PasswordCheck {
  ok: boolean;
  /** The right password against a hash below today's bar (scrypt, or weaker Argon2id parameters): store a fresh one. */
  needsRehash: boolean;
}

/** A wrong password and a hash it cannot read are both a mismatch; never throws on bad input. */
export async function checkPassword(password: string, encoded: string): Promise<PasswordCheck> {
  const argon = parseArgon2id(encoded);
  if (argon) {
    const ok = safeEqual(await deriveFor(password, argon).catch(() => undefined), argon.hash);
    return { ok, needsRehash: ok && isWeakerThanCurrent(argon.params) };
  }
  const scrypt = parseScrypt(encoded);
  if (scrypt) {
    const ok = safeEqual(await deriveScrypt(password, scrypt.salt, scrypt.params, scrypt.hash.length).catch(() => undefined), scrypt.hash);
    return { ok, needsRehash: ok };
  }
  return { ok: false, needsRehash: false };
}

export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  return (await checkPassword(password, encoded)).ok;
}

// Constant-time so the comparison does not tell how many bytes matched.
function safeEqual(actual: Buffer | undefined, expected: Buffer): boolean {
  return actual !== undefined && actual.length === expected.length && timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so that a login for an unknown email
 * costs the same hashing work as one for a known email (no user enumeration
 * by timing). Always resolves to false.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(password, await dummyHash);
  return false;
}
