import { ARGON2ID_PARAMS, hashArgon2id, parseArgon2id } from './argon2id';
import { hashLegacyScrypt } from './legacy-scrypt';
import { burnPasswordCheck, checkPassword, hashPassword, verifyPassword } from './password-hasher';
import { formatPhc, parsePhc } from './phc';

// Flips one character of the base64 hash, keeping it well-formed.
const tamper = (encoded: string) => encoded.slice(0, -2) + (encoded.at(-2) === 'A' ? 'B' : 'A') + encoded.at(-1);

describe('password hashing: Argon2id for new hashes', () => {
  it('stores a PHC string with OWASP parameters, a 16-byte salt and a 32-byte tag', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    expect(encoded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    const parsed = parseArgon2id(encoded)!;
    expect(parsed.params).toEqual({ m: 19456, t: 2, p: 1 });
    expect(parsed.salt).toHaveLength(16);
    expect(parsed.hash).toHaveLength(32);
    expect(ARGON2ID_PARAMS.m * 1024).toBeGreaterThanOrEqual(19 * 1024 * 1024);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const encoded = await hashPassword('s3cret-password');
    await expect(checkPassword('s3cret-password', encoded)).resolves.toEqual({ ok: true, needsRehash: false });
    await expect(checkPassword('s3cret-passwore', encoded)).resolves.toEqual({ ok: false, needsRehash: false });
    await expect(verifyPassword('', encoded)).resolves.toBe(false);
  });

  it('verifies the reference implementation\'s PHC string, so stored hashes are standard Argon2id', async () => {
    // phc-winner-argon2 (src/test.c): "password", salt "somesalt", t=2, m=64 MiB, p=1.
    const reference = '$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc';
    await expect(checkPassword('password', reference)).resolves.toEqual({ ok: true, needsRehash: false }); // stronger than the bar
    await expect(checkPassword('passwore', reference)).resolves.toEqual({ ok: false, needsRehash: false });
    expect(formatPhc(parsePhc(reference)!)).toBe(reference);
  });

  it('refuses a tampered hash, salt or parameter', async () => {
    const encoded = await hashPassword('s3cret-password');
    await expect(verifyPassword('s3cret-password', tamper(encoded))).resolves.toBe(false);
    const [, id, v, , salt, hash] = encoded.split('$');
    const otherSalt = Buffer.from(salt, 'base64');
    otherSalt[0] ^= 1;
    await expect(verifyPassword('s3cret-password', `$${id}$${v}$m=19456,t=2,p=1$${otherSalt.toString('base64').replace(/=+$/, '')}$${hash}`)).resolves.toBe(false);
    await expect(verifyPassword('s3cret-password', `$${id}$${v}$m=19456,t=3,p=1$${salt}$${hash}`)).resolves.toBe(false);
    await expect(verifyPassword('s3cret-password', `$argon2i$${v}$m=19456,t=2,p=1$${salt}$${hash}`)).resolves.toBe(false);
  });

  it('says an Argon2id hash with weaker parameters needs rehashing, once the password is right', async () => {
    const weak = await hashArgon2id('s3cret-password', { m: 8192, t: 1, p: 1 });
    await expect(checkPassword('s3cret-password', weak)).resolves.toEqual({ ok: true, needsRehash: true });
    await expect(checkPassword('wrong', weak)).resolves.toEqual({ ok: false, needsRehash: false });
    const stronger = await hashArgon2id('s3cret-password', { m: 19456, t: 3, p: 1 });
    await expect(checkPassword('s3cret-password', stronger)).resolves.toEqual({ ok: true, needsRehash: false });
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
  });

  it('normalises Unicode so the same visible password matches', async () => {
    const encoded = await hashPassword('caf\u00e9-password');
    await expect(verifyPassword('cafe\u0301-password', encoded)).resolves.toBe(true);
  });

  it('burns a verification for unknown users and always fails', async () => {
    await expect(burnPasswordCheck('anything at all')).resolves.toBe(false);
  });
});

describe('password hashing: old scrypt hashes', () => {
  it('still verifies a hash the old code made, and asks for a rehash only when the password is right', async () => {
    const old = await hashLegacyScrypt('s3cret-password');
    expect(old).toMatch(/^scrypt\$16384\$8\$1\$/);
    await expect(checkPassword('s3cret-password', old)).resolves.toEqual({ ok: true, needsRehash: true });
    await expect(checkPassword('s3cret-passwore', old)).resolves.toEqual({ ok: false, needsRehash: false });
    await expect(verifyPassword('s3cret-password', tamper(old))).resolves.toBe(false);
  });
});

describe('PHC strings', () => {
  it('round-trips and reads parameters as numbers', () => {
    const phc = { id: 'argon2id', version: 19, params: { m: 19456, t: 2, p: 1 }, salt: Buffer.from('0123456789abcdef'), hash: Buffer.alloc(32, 7) };
    const encoded = formatPhc(phc);
    expect(encoded).toBe('$argon2id$v=19$m=19456,t=2,p=1$MDEyMzQ1Njc4OWFiY2RlZg$BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc');
    expect(parsePhc(encoded)).toEqual(phc);
  });

  it.each([
    ['not PHC at all', 'bcrypt$whatever'],
    ['missing field', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ'],
    ['no version', '$argon2id$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA'],
    ['non-numeric parameter', '$argon2id$v=19$m=lots,t=2,p=1$c2FsdHNhbHQ$aGFzaA'],
    ['repeated parameter', '$argon2id$v=19$m=1,m=2,t=2,p=1$c2FsdHNhbHQ$aGFzaA'],
    ['not base64', '$argon2id$v=19$m=19456,t=2,p=1$c2Fsd*NhbHQ$aGFzaA'],
    ['empty hash', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$'],
  ])('refuses a malformed string (%s)', (_, encoded) => {
    expect(parsePhc(encoded)).toBeUndefined();
  });

  it.each([
    ['scrypt rubbish', 'bcrypt$whatever'],
    ['scrypt N of 0', 'scrypt$0$8$1$AAAA$AAAA'],
    ['scrypt empty salt and key', 'scrypt$16384$8$1$$'],
    ['scrypt N of 2^30 (a tampered row asking for gigabytes)', 'scrypt$1073741824$8$1$AAAA$AAAA'],
    ['argon2id memory of 4 GiB', '$argon2id$v=19$m=4194304,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc'],
    ['argon2id unknown version', '$argon2id$v=16$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc'],
    ['argon2id extra parameter', '$argon2id$v=19$m=65536,t=2,p=1,x=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc'],
  ])('treats an unreadable hash as a mismatch instead of throwing (%s)', async (_, encoded) => {
    await expect(checkPassword('x', encoded)).resolves.toEqual({ ok: false, needsRehash: false });
  });
});
