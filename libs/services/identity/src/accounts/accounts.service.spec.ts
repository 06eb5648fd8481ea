import { identityEvents } from '@mp/contracts';
import { as, codeOf, outboxEvents, PASSWORD, signUp, startIdentity, uniqueEmail, verificationTokenFor, type IdentityHarness } from '../testing/identity-harness';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

describe('register and verify (service, embedded database)', () => {
  it('creates a pending trial account with its Admin, queues the verification mail and AccountRegistered', async () => {
    const email = uniqueEmail('Ada');
    const res = await h.handlers.register({ email: `  ${email.toUpperCase()} `, password: PASSWORD, organizationName: ' Acme ' }, as());
    expect(res).toEqual({ accountId: expect.any(String), userId: expect.any(String), status: 'pending' });

    const account = await h.db('accounts').where({ id: res.accountId }).first();
    expect(account).toMatchObject({ status: 'pending', subscription_status: 'trialing', organization_name: 'Acme' });
    const user = await h.db('users').where({ id: res.userId }).first();
    expect(user).toMatchObject({ email: email.toLowerCase(), role: 'Admin', status: 'active' });
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const mail = await h.db('outgoing_mail').where({ to_address: email.toLowerCase() }).first();
    const token = await verificationTokenFor(h, email.toLowerCase());
    expect(mail.text).toContain(`http://localhost:8080/v1/auth/verify-email?token=${token}`);
    expect(mail).toMatchObject({ status: 'queued', from_address: 'no-reply@sandbox.messaging.local' });
    // stored hashed only
    expect(JSON.stringify(await h.db('email_verification_tokens').where({ user_id: res.userId }))).not.toContain(token);

    const [event] = await outboxEvents(h, 'AccountRegistered', res.accountId);
    expect(identityEvents.AccountRegistered.fromJSON(event.payload)).toEqual({
      accountId: res.accountId,
      userId: res.userId,
      email: email.toLowerCase(),
      organizationName: 'Acme',
    });
  });

  it('names every bad field', async () => {
    const error = await h.handlers.register({ email: 'nope', password: 'short', organizationName: '' }, as()).catch((e) => e);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(error.extensions.errors)).toEqual(['email', 'password', 'organizationName']);
  });

  it('does not reveal an address that is already registered', async () => {
    const { email, accountId } = await signUp(h);
    const before = await h.db('accounts').count<{ count: string }[]>('* as count');
    const again = await h.handlers.register({ email, password: 'another password', organizationName: 'Copycat' }, as());

    expect(again.status).toBe('pending');
    expect(again.accountId).not.toBe(accountId);
    expect(await h.db('accounts').where({ id: again.accountId }).first()).toBeUndefined();
    expect(await h.db('accounts').count<{ count: string }[]>('* as count')).toEqual(before);
    const attempt = await h.db('outgoing_mail').where({ to_address: email, kind: 'registration_attempt' });
    expect(attempt).toHaveLength(1);
    expect(attempt[0].subject).toMatch(/tried to register/);
    expect(await outboxEvents(h, 'AccountRegistered', again.accountId)).toHaveLength(0);

    // A second attempt within the hour does not mail the owner again.
    await h.handlers.register({ email, password: 'another password', organizationName: 'Copycat' }, as());
    expect(await h.db('outgoing_mail').where({ to_address: email, kind: 'registration_attempt' })).toHaveLength(1);
  });

  it('activates the account once and emits AccountActivated', async () => {
    const email = uniqueEmail();
    const { accountId } = await h.handlers.register({ email, password: PASSWORD, organizationName: 'Acme' }, as());
    const token = await verificationTokenFor(h, email);

    expect(await h.handlers.verifyEmail({ token }, as())).toEqual({ accountId, status: 'active' });
    const account = await h.db('accounts').where({ id: accountId }).first();
    expect(account.status).toBe('active');
    expect(account.email_verified_at).not.toBeNull();
    const events = await outboxEvents(h, 'AccountActivated', accountId);
    expect(events.map((e) => identityEvents.AccountActivated.fromJSON(e.payload))).toEqual([{ accountId }]);

    expect(await codeOf(h.handlers.verifyEmail({ token }, as()))).toBe('INVALID_OR_EXPIRED');
    expect(await codeOf(h.handlers.verifyEmail({ token: 'x'.repeat(43) }, as()))).toBe('INVALID_OR_EXPIRED');
    expect(await codeOf(h.handlers.verifyEmail({ token: 'garbage' }, as()))).toBe('INVALID_OR_EXPIRED');
  });

  it('refuses a verification token after 48 hours by the sandbox clock', async () => {
    const email = uniqueEmail();
    await h.handlers.register({ email, password: PASSWORD, organizationName: 'Acme' }, as());
    const token = await verificationTokenFor(h, email);
    h.clock.advance(48 * 3600);
    expect(await codeOf(h.handlers.verifyEmail({ token }, as()))).toBe('INVALID_OR_EXPIRED');
  });
});

describe('sign-in rules', () => {
  it('answers ACCOUNT_INACTIVE for a pending account, but only with the right password', async () => {
    const email = uniqueEmail();
    await h.handlers.register({ email, password: PASSWORD, organizationName: 'Acme' }, as());
    expect(await codeOf(h.handlers.login({ email, password: PASSWORD }, as()))).toBe('ACCOUNT_INACTIVE');
    expect(await codeOf(h.handlers.login({ email, password: 'wrong password' }, as()))).toBe('UNAUTHORIZED');
  });

  it('answers unknown email and wrong password the same', async () => {
    const { email } = await signUp(h);
    const wrong = await h.handlers.login({ email, password: 'wrong password' }, as()).catch((e) => e);
    const unknown = await h.handlers.login({ email: uniqueEmail('ghost'), password: PASSWORD }, as()).catch((e) => e);
    expect([wrong.code, wrong.detail]).toEqual(['UNAUTHORIZED', 'Invalid email or password.']);
    expect([unknown.code, unknown.detail]).toEqual([wrong.code, wrong.detail]);
  });

  it('answers USER_INACTIVE for a deactivated user', async () => {
    const { email, userId } = await signUp(h);
    await h.db('users').where({ id: userId }).update({ status: 'inactive' });
    expect(await codeOf(h.handlers.login({ email, password: PASSWORD }, as()))).toBe('USER_INACTIVE');
  });

  it('is case-insensitive on the email', async () => {
    const { email } = await signUp(h);
    await expect(h.handlers.login({ email: email.toUpperCase(), password: PASSWORD }, as())).resolves.toMatchObject({ tokenType: 'Bearer' });
  });
});

describe('me, account and sending standing', () => {
  it('returns the current user and its account', async () => {
    const { email, accountId, userId, principal } = await signUp(h);
    expect(await h.handlers.getMe({}, as(principal))).toMatchObject({ userId, accountId, email, role: 'Admin', status: 'active', mfaEnabled: false });
    const account = await h.handlers.getAccount({ accountId }, as(principal));
    expect(account).toMatchObject({ accountId, organizationName: 'Acme', status: 'active', subscriptionStatus: 'trialing' });
    expect(account.emailVerifiedAt).toEqual(expect.any(String));
  });

  it("hides another account as NOT_FOUND", async () => {
    const mine = await signUp(h);
    const theirs = await signUp(h);
    expect(await codeOf(h.handlers.getAccount({ accountId: theirs.accountId }, as(mine.principal)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.getAccount({ accountId: 'not-a-uuid' }, as(mine.principal)))).toBe('NOT_FOUND');
  });

  it('refuses GetMe for an API key', async () => {
    const { accountId } = await signUp(h);
    expect(await codeOf(h.handlers.getMe({}, as({ kind: 'api_key', accountId, apiKeyId: 'k', rights: [] })))).toBe('FORBIDDEN');
  });

  it('reports whether an account may send, and its subaccount quotas', async () => {
    const { accountId, principal } = await signUp(h);
    expect(await h.handlers.getSendingStanding({ accountId }, as())).toEqual({ accountStatus: 'active', subscriptionActive: true });
    const sub = await h.handlers.createSubaccount({ accountId, name: 'EU', dailyQuota: 100 }, as(principal));
    expect(await h.handlers.getSendingStanding({ accountId, subaccountId: sub.subaccountId }, as())).toEqual({
      accountStatus: 'active',
      subscriptionActive: true,
      dailyQuota: 100,
      monthlyQuota: undefined,
    });
    await h.db('accounts').where({ id: accountId }).update({ subscription_status: 'canceled' });
    expect((await h.handlers.getSendingStanding({ accountId }, as())).subscriptionActive).toBe(false);

    const other = await signUp(h);
    expect(await codeOf(h.handlers.getSendingStanding({ accountId: other.accountId, subaccountId: sub.subaccountId }, as()))).toBe('NOT_FOUND');
  });
});
