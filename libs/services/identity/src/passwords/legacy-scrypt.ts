import { randomBytes, scrypt, type ScryptOptions } from 'node:crypto';

/**
 * The format passwords were stored in before Argon2id: `scrypt$N$r$p$<salt b64>$<hash b64>`.
 * Still verified, so nobody is locked out; a successful sign-in replaces it (see password-hasher).
 */
export interface ScryptHash {
  params: { N: number; r: number; p: number };
  salt: Buffer;
  hash: Buffer;
}

/** The parameters the old code used; kept to make such hashes in tests and the login bench. */
export const LEGACY_SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
/** N up to 2^20 and r*p bounded: a tampered row cannot make one sign-in allocate gigabytes. */
const MAX_N = 1 << 20;

export function parseScrypt(encoded: string): ScryptHash | undefined {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return undefined;
  if (N > MAX_N || (N & (N - 1)) !== 0 || r * p > 64) return undefined;
  const salt = Buffer.from(parts[4], 'base64');
  const hash = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || hash.length === 0) return undefined;
  return { params: { N, r, p }, salt, hash };
}

export function deriveScrypt(password: string, salt: Buffer, params: ScryptHash['params'], keyLength: number): Promise<Buffer> {
  // Headroom over 128*N*r so Node does not refuse the parameters it is given.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** A hash exactly as the pre-Argon2id code made it (16-byte salt, 64-byte key). */
export async function hashLegacyScrypt(password: string): Promise<string> {
  const salt = randomBytes(16);
  const { N, r, p } = LEGACY_SCRYPT_PARAMS;
  const key = await deriveScrypt(password, salt, LEGACY_SCRYPT_PARAMS, 64);
  return ['scrypt', N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}
