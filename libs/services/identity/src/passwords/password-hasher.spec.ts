import { burnPasswordCheck, hashPassword, verifyPassword } from './password-hasher';

describe('password hashing', () => {
  it('encodes scrypt parameters, a 16-byte salt and a 64-byte key', async () => {
    const encoded = await hashPassword('correct horse battery staple');
    const [scheme, N, r, p, salt, key] = encoded.split('$');
    expect([scheme, N, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(key, 'base64')).toHaveLength(64);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const encoded = await hashPassword('s3cret-password');
    await expect(verifyPassword('s3cret-password', encoded)).resolves.toBe(true);
    await expect(verifyPassword('s3cret-passwore', encoded)).resolves.toBe(false);
    await expect(verifyPassword('', encoded)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).not.toBe(b);
  });

  it('treats unreadable hashes as a mismatch instead of throwing', async () => {
    await expect(verifyPassword('x', 'bcrypt$whatever')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$0$8$1$AAAA$AAAA')).resolves.toBe(false);
    await expect(verifyPassword('x', 'scrypt$16384$8$1$$')).resolves.toBe(false);
  });

  it('normalises Unicode so the same visible password matches', async () => {
    const encoded = await hashPassword('caf\u00e9-password');
    await expect(verifyPassword('cafe\u0301-password', encoded)).resolves.toBe(true);
  });

  it('burns a verification for unknown users and always fails', async () => {
    await expect(burnPasswordCheck('anything at all')).resolves.toBe(false);
  });
});
