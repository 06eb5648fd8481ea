import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// scrypt is memory-hard (128 * N * r bytes = 16 MiB per hash with these
// parameters), which makes GPU/ASIC guessing expensive, and ships with Node.
// The parameters are stored in every hash so they can be raised later without
// breaking existing passwords.
export const SCRYPT_PARAMS = { N: 16384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const KEY_BYTES = 64;
const PREFIX = 'scrypt';

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }, keyLength: number): Promise<Buffer> {
  // Headroom over 128*N*r so Node does not refuse the parameters it is given.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$<salt b64>$<hash b64>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const { N, r, p } = SCRYPT_PARAMS;
  const key = await derive(password, salt, SCRYPT_PARAMS, KEY_BYTES);
  return [PREFIX, N, r, p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** False for a wrong password and for a hash it cannot read; never throws on bad input. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parts = encoded.split('$');
  if (parts.length !== 6 || parts[0] !== PREFIX) return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  if (![N, r, p].every((n) => Number.isInteger(n) && n > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (salt.length === 0 || expected.length === 0) return false;
  const actual = await derive(password, salt, { N, r, p }, expected.length);
  // Constant-time so the comparison does not tell how many bytes matched.
  return timingSafeEqual(actual, expected);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash so that a login for an unknown email
 * costs the same scrypt work as one for a known email (no user enumeration
 * by timing). Always resolves to false.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummyHash ??= hashPassword(newDummyPassword());
  await verifyPassword(password, await dummyHash);
  return false;
}

function newDummyPassword(): string {
  return randomBytes(16).toString('hex');
}
