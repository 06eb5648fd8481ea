import { SignJWT } from 'jose';
import { as, codeOf, errorOf, outboxEvents, PASSWORD, signUp, startIdentity, uniqueEmail, type IdentityHarness } from '../testing/identity-harness';
import { enableMfa, stepUpByEmail, totpFor } from '../testing/mfa-helpers';
import { createTestIssuer, localKeySets, unsignedToken, type TestIssuer } from '../testing/test-issuer';
import { inviteAndAccept, principalOf, requireMfaForAccount } from '../testing/user-helpers';

let h: IdentityHarness;
let acme: TestIssuer;
let other: TestIssuer;

beforeAll(async () => {
  acme = await createTestIssuer('acme');
  other = await createTestIssuer('other');
  h = await startIdentity({ EXTERNAL_IDENTITY_PROVIDERS: [acme.config, other.config] }, { externalKeySets: localKeySets([acme, other]) });
});
afterAll(() => h.close());

let subjects = 0;
const newSubject = () => `subject-${process.pid}-${++subjects}`;
const rows = async (table: string, where: Record<string, unknown> = {}) => Number((await h.db(table).where(where).count({ n: '*' }).first())?.n ?? 0);
const snapshot = async () => ({ users: await rows('users'), accounts: await rows('accounts'), identities: await rows('external_identities'), sessions: await rows('sessions') });

/** Signs in with an acme id token for `claims`; resolves to the token pair. */
async function signInWith(issuer: TestIssuer, claims: Record<string, unknown>) {
  return h.handlers.externalLogin({ provider: issuer.config.name, idToken: await issuer.idToken(claims, h.clock.now()) }, as());
}

/** A new user made by external sign-in: email verified by the issuer, no password. */
async function externalUser(issuer = acme) {
  const email = uniqueEmail('ext');
  const sub = newSubject();
  const tokens = await signInWith(issuer, { sub, email, email_verified: true, name: 'Ext Org' });
  return { email, sub, tokens, principal: await principalOf(h, tokens.accessToken) };
}

describe('external-login: the request', () => {
  it('names every missing field and an unknown provider (VALIDATION_FAILED), storing nothing', async () => {
    const before = await snapshot();
    const missing = await errorOf(h.handlers.externalLogin({ provider: '', idToken: '' }, as()));
    expect(missing.code).toBe('VALIDATION_FAILED');
    expect(missing.extensions.errors).toEqual({ provider: ['is required'], idToken: ['is required'] });
    const unknown = await errorOf(h.handlers.externalLogin({ provider: 'github', idToken: 'x.y.z' }, as()));
    expect(unknown.code).toBe('VALIDATION_FAILED');
    expect(unknown.extensions.errors).toEqual({ provider: ['must be one of acme, other'] });
    expect(await snapshot()).toEqual(before);
  });

  it('says when no provider is configured at all', async () => {
    const bare = await startIdentity();
    try {
      const error = await errorOf(bare.handlers.externalLogin({ provider: 'acme', idToken: 'x.y.z' }, as()));
      expect(error.extensions.errors).toEqual({ provider: ['no external identity provider is configured'] });
    } finally {
      await bare.close();
    }
  });
});

describe('external-login: the id token', () => {
  const claims = () => ({ sub: newSubject(), email: uniqueEmail('bad'), email_verified: true });

  it.each([
    ['signed by another key', async () => acme.idToken(claims(), h.clock.now(), { key: other.privateKey }), 'INVALID_TOKEN', /signature/],
    ['of another issuer', async () => acme.idToken({ ...claims(), iss: 'https://evil.test' }, h.clock.now()), 'INVALID_TOKEN', /"iss"/],
    ['for another audience', async () => acme.idToken({ ...claims(), aud: 'someone-else' }, h.clock.now()), 'INVALID_TOKEN', /"aud"/],
    ['without a subject', async () => acme.idToken({ email: uniqueEmail(), email_verified: true }, h.clock.now()), 'INVALID_TOKEN', /"sub"/],
    ['issued in the future', async () => acme.idToken(claims(), new Date(h.clock.now().getTime() + 3600_000)), 'INVALID_TOKEN', /"iat"/],
    ['issued over an hour ago', async () => acme.idToken({ ...claims(), exp: Math.floor(h.clock.now().getTime() / 1000) + 3600 }, new Date(h.clock.now().getTime() - 2 * 3600_000)), 'TOKEN_EXPIRED', /expired/],
    ['unsigned (alg none)', async () => unsignedToken({ ...claims(), iss: acme.config.issuer, aud: acme.config.audience, iat: Math.floor(h.clock.now().getTime() / 1000) }), 'INVALID_TOKEN', /algorithm/],
    [
      'signed with HS256',
      async () => new SignJWT({ ...claims(), iss: acme.config.issuer, aud: acme.config.audience }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('5m').sign(new TextEncoder().encode('k'.repeat(32))),
      'INVALID_TOKEN',
      /algorithm/,
    ],
    ['not a JWT', async () => 'not-a-token', 'INVALID_TOKEN', /well-formed/],
  ])('refuses a token %s, storing nothing', async (_what, make, code, detail) => {
    const before = await snapshot();
    const error = await errorOf(h.handlers.externalLogin({ provider: 'acme', idToken: await make() }, as()));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(detail);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a token once it has expired by the platform clock', async () => {
    const token = await acme.idToken(claims(), h.clock.now());
    h.clock.advance(600 + 61);
    const before = await snapshot();
    expect(await codeOf(h.handlers.externalLogin({ provider: 'acme', idToken: token }, as()))).toBe('TOKEN_EXPIRED');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a token of one provider presented as another', async () => {
    const token = await acme.idToken(claims(), h.clock.now());
    expect(await codeOf(h.handlers.externalLogin({ provider: 'other', idToken: token }, as()))).toBe('INVALID_TOKEN');
  });
});

describe('external-login: who signs in', () => {
  it('creates an active account whose Admin has no password, like a verified registration', async () => {
    const user = await externalUser();
    expect(user.tokens).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    const stored = await h.db('users').where({ email: user.email }).first();
    expect(stored).toMatchObject({ role: 'Admin', status: 'active', password_hash: null, email_verified_at: expect.anything() });
    expect(await h.db('accounts').where({ id: stored.account_id }).first()).toMatchObject({ status: 'active', subscription_status: 'trialing', organization_name: 'Ext Org' });
    expect(await outboxEvents(h, 'AccountRegistered', stored.account_id)).toHaveLength(1);
    expect(await outboxEvents(h, 'AccountActivated', stored.account_id)).toHaveLength(1);
    const me = await h.handlers.getMe({}, as(user.principal));
    expect(me).toMatchObject({ email: user.email, role: 'Admin' });
    // No verification mail: the issuer verified the address.
    expect(await rows('outgoing_mail', { to_address: user.email })).toBe(0);
    // Password sign-in for a user without a password answers like a wrong password.
    expect(await codeOf(h.handlers.login({ email: user.email, password: PASSWORD }, as()))).toBe('UNAUTHORIZED');
  });

  it('names the account after the email when the token has no name', async () => {
    const email = uniqueEmail('noname');
    await signInWith(acme, { sub: newSubject(), email, email_verified: 'true' });
    const user = await h.db('users').where({ email }).first();
    expect((await h.db('accounts').where({ id: user.account_id }).first()).organization_name).toBe(email);
  });

  it('signs a returning identity into the same user, whatever email the token carries now', async () => {
    const user = await externalUser();
    const before = await snapshot();
    const again = await signInWith(acme, { sub: user.sub, email: uniqueEmail('changed'), email_verified: false });
    expect((await principalOf(h, again.accessToken)).userId).toBe(user.principal.userId);
    expect({ ...(await snapshot()), sessions: before.sessions }).toEqual(before);
  });

  it('links an existing user with a verified email, once', async () => {
    const user = await signUp(h);
    const sub = newSubject();
    const tokens = await signInWith(acme, { sub, email: user.email.toUpperCase(), email_verified: true });
    expect((await principalOf(h, tokens.accessToken)).userId).toBe(user.userId);
    const listed = await h.handlers.listExternalIdentities({}, as(user.principal));
    expect(listed.items).toEqual([{ identityId: expect.any(String), provider: 'acme', subject: sub, email: user.email, linkedAt: expect.any(String) }]);
    // The password keeps working.
    await expect(h.handlers.login({ email: user.email, password: PASSWORD }, as())).resolves.toHaveProperty('accessToken');
  });

  it('refuses an unlinked identity without a verified email, storing nothing', async () => {
    const before = await snapshot();
    const error = await errorOf(signInWith(acme, { sub: newSubject(), email: uniqueEmail(), email_verified: false }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.extensions.reason).toBe('EMAIL_NOT_VERIFIED');
    expect(await codeOf(signInWith(acme, { sub: newSubject() }))).toBe('UNAUTHORIZED');
    expect(await snapshot()).toEqual(before);
  });

  it('does not link a user who has not verified their own email (the address could be squatted)', async () => {
    const email = uniqueEmail('pending');
    await h.handlers.register({ email, password: PASSWORD, organizationName: 'Squatter' }, as());
    const before = await snapshot();
    const error = await errorOf(signInWith(acme, { sub: newSubject(), email, email_verified: true }));
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.extensions).toMatchObject({ reason: 'USER_EMAIL_NOT_VERIFIED', externalEmail: email });
    expect(await snapshot()).toEqual(before);
  });

  it('gives the same MFA answers as password login', async () => {
    const user = await signUp(h);
    const { secret } = await enableMfa(h, user);
    const sub = newSubject();
    const error = await errorOf(signInWith(acme, { sub, email: user.email, email_verified: true }));
    expect(error.code).toBe('MFA_REQUIRED');
    expect(error.extensions).toMatchObject({ mfaToken: expect.any(String), mfaTokenExpiresAt: expect.any(String) });
    const done = await h.handlers.loginMfa({ mfaToken: error.extensions.mfaToken!, method: 'totp', code: totpFor(h, secret) }, as());
    expect((await principalOf(h, done.accessToken)).userId).toBe(user.userId);
    // Linked even though the second step is still to come: the next sign-in finds the identity.
    expect(await rows('external_identities', { user_id: user.userId, subject: sub })).toBe(1);
  });

  it('answers MFA_ENROLLMENT_REQUIRED on an account that requires MFA', async () => {
    const admin = await signUp(h);
    const member = await inviteAndAccept(h, admin.principal, 'Member');
    const { secret } = await enableMfa(h, admin);
    await requireMfaForAccount(h, admin, secret);
    const enrollment = await errorOf(signInWith(acme, { sub: newSubject(), email: member.email, email_verified: true }));
    expect(enrollment.code).toBe('MFA_ENROLLMENT_REQUIRED');
    expect(enrollment.extensions).toMatchObject({ enrollmentToken: expect.any(String), enrollmentTokenExpiresAt: expect.any(String) });
  });

  it('does not link an invited user who has not accepted', async () => {
    const admin = await signUp(h);
    const email = uniqueEmail('invited');
    await h.handlers.inviteUser({ email, role: 'Member' }, as(admin.principal));
    const before = await snapshot();
    expect((await errorOf(signInWith(acme, { sub: newSubject(), email, email_verified: true }))).extensions.reason).toBe('USER_EMAIL_NOT_VERIFIED');
    expect(await snapshot()).toEqual(before);
  });

  it('answers USER_INACTIVE for a deactivated user, linking nothing', async () => {
    const admin = await signUp(h);
    const linked = await externalUser();
    await h.db('users').where({ id: linked.principal.userId }).update({ status: 'inactive' });
    expect(await codeOf(signInWith(acme, { sub: linked.sub }))).toBe('USER_INACTIVE');
    await h.db('users').where({ id: admin.userId }).update({ status: 'inactive' });
    const before = await snapshot();
    expect(await codeOf(signInWith(acme, { sub: newSubject(), email: admin.email, email_verified: true }))).toBe('USER_INACTIVE');
    expect(await snapshot()).toEqual(before);
  });
});

describe('identities and unlink', () => {
  it('lists only for a user token', async () => {
    const user = await externalUser();
    expect((await h.handlers.listExternalIdentities({}, as(user.principal))).items).toHaveLength(1);
    const key = { kind: 'api_key' as const, accountId: user.principal.accountId, apiKeyId: user.principal.accountId, rights: ['ReadMessages'] };
    expect(await codeOf(h.handlers.listExternalIdentities({}, as(key)))).toBe('FORBIDDEN');
    expect(await codeOf(h.handlers.unlinkExternalIdentity({ provider: 'acme', stepUpToken: '' }, as(key)))).toBe('FORBIDDEN');
  });

  it('needs a provider, a linked identity of it and a step-up token for UnlinkIdentity', async () => {
    const user = await signUp(h);
    await signInWith(acme, { sub: newSubject(), email: user.email, email_verified: true });
    expect((await errorOf(h.handlers.unlinkExternalIdentity({ provider: ' ', stepUpToken: '' }, as(user.principal)))).extensions.errors).toEqual({ provider: ['is required'] });
    expect(await codeOf(h.handlers.unlinkExternalIdentity({ provider: 'other', stepUpToken: '' }, as(user.principal)))).toBe('NOT_FOUND');
    // The provider is the caller's input: the message repeats a bounded part of it, never all of it.
    const long = await errorOf(h.handlers.unlinkExternalIdentity({ provider: 'p'.repeat(100_000), stepUpToken: '' }, as(user.principal)));
    expect({ code: long.code, detailLength: Math.min(long.detail!.length, 200) }).toEqual({ code: 'NOT_FOUND', detailLength: long.detail!.length });
    const missing = await errorOf(h.handlers.unlinkExternalIdentity({ provider: 'acme', stepUpToken: '' }, as(user.principal)));
    expect(missing.code).toBe('STEP_UP_REQUIRED');
    expect(missing.extensions.action).toBe('UnlinkIdentity');
    const wrong = await stepUpByEmail(h, user.principal, user.email, 'MfaManage');
    expect(await codeOf(h.handlers.unlinkExternalIdentity({ provider: 'acme', stepUpToken: wrong }, as(user.principal)))).toBe('ACTION_MISMATCH');
    expect(await rows('external_identities', { user_id: user.userId, unlinked_at: null })).toBe(1);

    const token = await stepUpByEmail(h, user.principal, user.email, 'UnlinkIdentity');
    const unlinked = await h.handlers.unlinkExternalIdentity({ provider: 'acme', stepUpToken: token }, as(user.principal));
    expect(unlinked).toMatchObject({ provider: 'acme', unlinkedAt: expect.any(String) });
    expect(Math.abs(Date.parse(unlinked.unlinkedAt!) - h.clock.now().getTime())).toBeLessThan(5_000);
    expect((await h.handlers.listExternalIdentities({}, as(user.principal))).items).toEqual([]);
    expect(await codeOf(h.handlers.unlinkExternalIdentity({ provider: 'acme', stepUpToken: token }, as(user.principal)))).toBe('NOT_FOUND');
  });

  it('refuses to unlink the only way in (409 CONFLICT), leaving the identity and the step-up token', async () => {
    const user = await externalUser();
    const token = await stepUpByEmail(h, user.principal, user.email, 'UnlinkIdentity');
    const error = await errorOf(h.handlers.unlinkExternalIdentity({ provider: 'acme', stepUpToken: token }, as(user.principal)));
    expect(error.code).toBe('CONFLICT');
    expect(error.extensions.reason).toBe('ONLY_SIGN_IN_METHOD');
    expect((await h.handlers.listExternalIdentities({}, as(user.principal))).items).toHaveLength(1);
    expect(await h.db('step_up_tokens').where({ user_id: user.principal.userId, action: 'UnlinkIdentity' }).whereNull('used_at')).toHaveLength(1);

    // With a second identity the first is no longer the only way in, and the same token works.
    await signInWith(other, { sub: newSubject(), email: user.email, email_verified: true });
    await expect(h.handlers.unlinkExternalIdentity({ provider: 'acme', stepUpToken: token }, as(user.principal))).resolves.toHaveProperty('unlinkedAt');
    expect((await h.handlers.listExternalIdentities({}, as(user.principal))).items.map((i) => i.provider)).toEqual(['other']);
  });

  it('after an unlink the identity no longer signs in, and the email rule does not link it back', async () => {
    const user = await signUp(h);
    const sub = newSubject();
    await signInWith(acme, { sub, email: user.email, email_verified: true });
    await h.handlers.unlinkExternalIdentity({ provider: 'acme', stepUpToken: await stepUpByEmail(h, user.principal, user.email, 'UnlinkIdentity') }, as(user.principal));
    const before = await snapshot();
    for (const subject of [sub, newSubject()]) {
      const error = await errorOf(signInWith(acme, { sub: subject, email: user.email, email_verified: true }));
      expect(error.code).toBe('UNAUTHORIZED');
      expect(error.extensions).toMatchObject({ reason: 'NOT_LINKABLE', externalEmail: user.email });
    }
    expect(await snapshot()).toEqual(before);
    // Another provider is still linked by the email rule.
    await expect(signInWith(other, { sub: newSubject(), email: user.email, email_verified: true })).resolves.toHaveProperty('accessToken');
  });

  it('after an unlink the identity can sign up anew with an address nobody uses', async () => {
    const user = await signUp(h);
    const sub = newSubject();
    await signInWith(acme, { sub, email: user.email, email_verified: true });
    await h.handlers.unlinkExternalIdentity({ provider: 'acme', stepUpToken: await stepUpByEmail(h, user.principal, user.email, 'UnlinkIdentity') }, as(user.principal));
    const fresh = await signInWith(acme, { sub, email: uniqueEmail('fresh'), email_verified: true });
    expect((await principalOf(h, fresh.accessToken)).userId).not.toBe(user.userId);
  });
});
