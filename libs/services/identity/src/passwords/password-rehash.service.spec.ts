import { as, codeOf, PASSWORD, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';
import { hashLegacyScrypt } from './legacy-scrypt';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

const storedHash = async (userId: string): Promise<string> => (await h.db('users').where({ id: userId }).first()).password_hash;
const CURRENT = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/;

describe('rehash at sign-in (service, embedded database)', () => {
  it('replaces an old scrypt hash once the right password is given, and only then', async () => {
    const { email, userId } = await signUp(h);
    const old = await hashLegacyScrypt(PASSWORD);
    await h.db('users').where({ id: userId }).update({ password_hash: old });

    expect(await codeOf(h.handlers.login({ email, password: 'wrong password' }, as()))).toBe('UNAUTHORIZED');
    expect(await storedHash(userId)).toBe(old);

    await expect(h.handlers.login({ email, password: PASSWORD }, as())).resolves.toMatchObject({ tokenType: 'Bearer' });
    const upgraded = await storedHash(userId);
    expect(upgraded).toMatch(CURRENT);
    await expect(h.handlers.login({ email, password: PASSWORD }, as())).resolves.toMatchObject({ tokenType: 'Bearer' });
    expect(await storedHash(userId)).toBe(upgraded);
  });

  it('leaves a user with a current hash alone', async () => {
    const { email, userId } = await signUp(h);
    const before = await storedHash(userId);
    expect(before).toMatch(CURRENT);
    await h.handlers.login({ email, password: PASSWORD }, as());
    expect(await storedHash(userId)).toBe(before);
  });
});
