import { argon2, randomBytes, scrypt } from 'node:crypto';
import { signUp } from './support/journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
beforeAll(async () => {
  booted = await sharedPlatform();
});

const users = () => booted.platform.adapters.databases.forSchema('identity')('users');
const storedHash = async (userId: string): Promise<string> => (await users().where({ id: userId }).first()).password_hash;

/** A hash exactly as the code before Argon2id stored it: scrypt N=2^14, r=8, p=1, 16-byte salt, 64-byte key. */
function oldScryptHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    scrypt(password, salt, 64, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(['scrypt', 16384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$')),
    ),
  );
}

/** An Argon2id hash below today's bar (8 MiB, one pass). */
function weakArgon2idHash(password: string): Promise<string> {
  const salt = randomBytes(16);
  return new Promise((resolve, reject) =>
    argon2('argon2id', { message: password, nonce: salt, memory: 8192, passes: 1, parallelism: 1, tagLength: 32 }, (error, key) =>
      error ? reject(error) : resolve(`$argon2id$v=19$m=8192,t=1,p=1$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`),
    ),
  );
}

const CURRENT = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

describe('password hashes below the bar are replaced at sign-in', () => {
  it('stores Argon2id for a new account', async () => {
    const user = await signUp(booted.api, 'argon');
    expect(await storedHash(user.userId)).toMatch(CURRENT);
  });

  it('signs in with an old scrypt hash, stores Argon2id instead, and signs in with it again; a wrong password changes nothing', async () => {
    const user = await signUp(booted.api, 'scrypt');
    const old = await oldScryptHash(user.password);
    await users().where({ id: user.userId }).update({ password_hash: old });

    const wrong = await booted.api.post('/v1/auth/login', { body: { email: user.email, password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.code).toBe('UNAUTHORIZED');
    expect(await storedHash(user.userId)).toBe(old);

    const first = await booted.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(first.status).toBe(200);
    expect(first.body.tokenType).toBe('Bearer');
    const upgraded = await storedHash(user.userId);
    expect(upgraded).toMatch(CURRENT);

    const again = await booted.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(again.status).toBe(200);
    expect(await storedHash(user.userId)).toBe(upgraded); // already at the bar: not rehashed again
    const wrongAfter = await booted.api.post('/v1/auth/login', { body: { email: user.email, password: 'not the password' } });
    expect(wrongAfter.status).toBe(401);
  });

  it('rehashes an Argon2id hash with weaker parameters', async () => {
    const user = await signUp(booted.api, 'weak-argon');
    await users().where({ id: user.userId }).update({ password_hash: await weakArgon2idHash(user.password) });
    const login = await booted.api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(200);
    expect(await storedHash(user.userId)).toMatch(CURRENT);
  });
});
