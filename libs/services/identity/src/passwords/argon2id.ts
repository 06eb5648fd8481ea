import { argon2, randomBytes } from 'node:crypto';
import { formatPhc, parsePhc } from './phc';

/**
 * OWASP's Password Storage Cheat Sheet minimum for Argon2id: 19 MiB of memory,
 * two passes, one lane. Raising any of these makes every older hash "weaker"
 * (`isWeakerThanCurrent`), so it is rehashed at its owner's next sign-in.
 */
export const ARGON2ID_PARAMS = { m: 19_456, t: 2, p: 1 } as const;
const VERSION = 0x13; // 19, the current Argon2 version
const SALT_BYTES = 16;
const TAG_BYTES = 32;
/** Bounds on what a stored hash may ask for, so a tampered row cannot make one sign-in allocate gigabytes. */
const LIMITS = { m: 1_048_576, t: 32, p: 16, tag: 128 } as const;

export interface Argon2idParams {
  m: number;
  t: number;
  p: number;
}

export interface Argon2idHash {
  params: Argon2idParams;
  salt: Buffer;
  hash: Buffer;
}

// The asynchronous form runs on libuv's thread pool: a sign-in never blocks the event loop.
function derive(password: string, salt: Buffer, params: Argon2idParams, tagLength: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    argon2(
      'argon2id',
      { message: password.normalize('NFC'), nonce: salt, memory: params.m, passes: params.t, parallelism: params.p, tagLength },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/** `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` */
export async function hashArgon2id(password: string, params: Argon2idParams = ARGON2ID_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(password, salt, params, TAG_BYTES);
  return formatPhc({ id: 'argon2id', version: VERSION, params: { m: params.m, t: params.t, p: params.p }, salt, hash });
}

/** undefined unless it is an Argon2id PHC string this code can verify within its limits. */
export function parseArgon2id(encoded: string): Argon2idHash | undefined {
  const phc = parsePhc(encoded);
  if (!phc || phc.id !== 'argon2id' || phc.version !== VERSION) return undefined;
  const { m, t, p, ...rest } = phc.params;
  if (Object.keys(rest).length > 0 || m === undefined || t === undefined || p === undefined) return undefined;
  if (p < 1 || p > LIMITS.p || t < 1 || t > LIMITS.t || m < 8 * p || m > LIMITS.m) return undefined;
  if (phc.salt.length < 8 || phc.hash.length < 4 || phc.hash.length > LIMITS.tag) return undefined;
  return { params: { m, t, p }, salt: phc.salt, hash: phc.hash };
}

export async function deriveFor(password: string, stored: Argon2idHash): Promise<Buffer> {
  return derive(password, stored.salt, stored.params, stored.hash.length);
}

export function isWeakerThanCurrent(params: Argon2idParams): boolean {
  return params.m < ARGON2ID_PARAMS.m || params.t < ARGON2ID_PARAMS.t || params.p < ARGON2ID_PARAMS.p;
}
