import { as, codeOf, errorOf, PASSWORD, signUp, startIdentity, uniqueEmail, type IdentityHarness } from '../testing/identity-harness';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity({ SIGN_IN_LOCKOUT_THRESHOLD: 3, SIGN_IN_LOCKOUT_WINDOW_SECONDS: 600, SIGN_IN_LOCKOUT_SECONDS: 900 });
});
afterAll(() => h.close());

const login = (email: string, password: string) => h.handlers.login({ email, password }, as());
const lockMails = (to: string) => h.db('outgoing_mail').where({ to_address: to, kind: 'sign_in_locked' });
const sessionsOf = async (userId: string) => Number((await h.db('sessions').where({ user_id: userId }).count({ n: '*' }))[0].n);

describe('sign-in lockout (service, embedded database)', () => {
  it('locks after the threshold of wrong passwords, refuses the right one too, mails the owner once, and opens again', async () => {
    const { email, userId } = await signUp(h);
    const sessionsBefore = await sessionsOf(userId);
    expect(await codeOf(login(email, 'wrong 1'))).toBe('UNAUTHORIZED');
    expect(await codeOf(login(email, 'wrong 2'))).toBe('UNAUTHORIZED');
    const locking = await errorOf(login(email.toUpperCase(), 'wrong 3'));
    expect(locking).toMatchObject({ code: 'ACCOUNT_LOCKED', status: 403, extensions: { retryAfterSeconds: 900 } });
    // The clock is real time plus the sandbox offset: allow for the time the call took.
    expect(new Date(locking.extensions.lockedUntil!).getTime() - h.clock.now().getTime()).toBeGreaterThan(895_000);
    expect(new Date(locking.extensions.lockedUntil!).getTime() - h.clock.now().getTime()).toBeLessThanOrEqual(900_000);

    h.clock.advance(60);
    const right = await errorOf(login(email, PASSWORD));
    expect(right).toMatchObject({ code: 'ACCOUNT_LOCKED', extensions: { retryAfterSeconds: expect.any(Number), lockedUntil: locking.extensions.lockedUntil } });
    expect(right.extensions.retryAfterSeconds).toBeGreaterThan(835);
    expect(right.extensions.retryAfterSeconds).toBeLessThanOrEqual(840);
    expect(await codeOf(login(email, 'wrong 4'))).toBe('ACCOUNT_LOCKED');
    expect(await sessionsOf(userId)).toBe(sessionsBefore);
    const mails = await lockMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your account sign-in was locked');
    expect(mails[0].text).toContain('Your account sign-in was locked for 15 minutes');

    h.clock.advance(840);
    expect(await codeOf(login(email, PASSWORD))).toBe('ok');
    expect(await sessionsOf(userId)).toBe(sessionsBefore + 1);
  });

  it('locks an unknown address the same way, without mailing anyone', async () => {
    const email = uniqueEmail('nobody');
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push(await codeOf(login(email, PASSWORD)));
    expect(codes).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED', 'ACCOUNT_LOCKED', 'ACCOUNT_LOCKED']);
    expect(await lockMails(email)).toHaveLength(0);
  });

  it('resets the count on a successful sign-in', async () => {
    const { email } = await signUp(h);
    await codeOf(login(email, 'wrong'));
    await codeOf(login(email, 'wrong'));
    expect(await codeOf(login(email, PASSWORD))).toBe('ok');
    expect(await codeOf(login(email, 'wrong'))).toBe('UNAUTHORIZED');
    expect(await codeOf(login(email, 'wrong'))).toBe('UNAUTHORIZED');
    expect(await codeOf(login(email, PASSWORD))).toBe('ok');
  });

  it('forgets failures older than the window', async () => {
    const { email } = await signUp(h);
    await codeOf(login(email, 'wrong'));
    await codeOf(login(email, 'wrong'));
    h.clock.advance(600);
    expect(await codeOf(login(email, 'wrong'))).toBe('UNAUTHORIZED');
    expect(await codeOf(login(email, 'wrong'))).toBe('UNAUTHORIZED');
  });

  it('counts concurrent wrong passwords exactly and locks once', async () => {
    const { email } = await signUp(h);
    const codes = await Promise.all(Array.from({ length: 5 }, () => codeOf(login(email, 'wrong'))));
    expect(codes.filter((c) => c === 'ACCOUNT_LOCKED').length).toBeGreaterThanOrEqual(3);
    expect(codes.filter((c) => c === 'UNAUTHORIZED')).toHaveLength(2);
    expect(await lockMails(email)).toHaveLength(1);
  });
});
