import { as, codeOf, errorOf, otherCode, PASSWORD, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';
import { enableMfa, nextStep, stepUpByEmail, totpFor } from '../testing/mfa-helpers';
import { inviteAndAccept, invitationTokenFor, requireMfaForAccount } from '../testing/user-helpers';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

async function authenticatorStepUp(principal: Parameters<typeof as>[0], secret: string, action = 'AccountSecurityPolicy') {
  const { stepUpToken } = await h.handlers.stepUpWithAuthenticator({ action, code: totpFor(h, secret) }, as(principal));
  nextStep(h);
  return stepUpToken;
}

describe('account security policy (service, embedded database)', () => {
  it('defaults to not requiring MFA and is readable by any user or key of the account only', async () => {
    const admin = await signUp(h);
    const other = await signUp(h);
    const key = { kind: 'api_key' as const, accountId: admin.accountId, apiKeyId: 'k', rights: [] };
    expect(await h.handlers.getSecurityPolicy({ accountId: admin.accountId }, as(admin.principal))).toEqual({ accountId: admin.accountId, requireMfa: false });
    expect((await h.handlers.getSecurityPolicy({ accountId: admin.accountId }, as(key))).requireMfa).toBe(false);
    expect(await codeOf(h.handlers.getSecurityPolicy({ accountId: other.accountId }, as(admin.principal)))).toBe('NOT_FOUND');
    expect(await codeOf(h.handlers.getSecurityPolicy({ accountId: 'nope' }, as(admin.principal)))).toBe('NOT_FOUND');
  });

  it('refuses an update by a key, a Manager, an Admin without MFA, or without the right step-up; accepts it with one', async () => {
    const admin = await signUp(h);
    const key = { kind: 'api_key' as const, accountId: admin.accountId, apiKeyId: 'k', rights: [] };
    const update = (principal: Parameters<typeof as>[0], stepUpToken = '') =>
      h.handlers.updateSecurityPolicy({ accountId: admin.accountId, requireMfa: true, stepUpToken }, as(principal));

    expect(await codeOf(update(key))).toBe('FORBIDDEN');
    const manager = await inviteAndAccept(h, admin.principal, 'Manager');
    expect(await codeOf(update(manager.principal))).toBe('FORBIDDEN');
    // An Admin without MFA, even with a valid step-up token: MFA_NOT_ENABLED, and the token stays unused.
    const emailToken = await stepUpByEmail(h, admin.principal, admin.email, 'AccountSecurityPolicy');
    const noMfa = await errorOf(update(admin.principal, emailToken));
    expect([noMfa.code, noMfa.status]).toEqual(['MFA_NOT_ENABLED', 409]);
    expect(await h.db('step_up_tokens').where({ user_id: admin.userId }).whereNotNull('used_at')).toHaveLength(0);

    const { secret } = await enableMfa(h, admin);
    expect(await codeOf(update(admin.principal))).toBe('STEP_UP_REQUIRED');
    expect(await codeOf(update(admin.principal, await authenticatorStepUp(admin.principal, secret, 'MfaManage')))).toBe('ACTION_MISMATCH');
    const other = await signUp(h);
    expect(await codeOf(h.handlers.updateSecurityPolicy({ accountId: other.accountId, requireMfa: true, stepUpToken: 'x' }, as(admin.principal)))).toBe(
      'NOT_FOUND',
    );

    const stepUpToken = await authenticatorStepUp(admin.principal, secret);
    const updated = await update(admin.principal, stepUpToken);
    expect(updated).toEqual({ accountId: admin.accountId, requireMfa: true, updatedAt: expect.any(String) });
    expect(Math.abs(Date.parse(updated.updatedAt!) - h.clock.now().getTime())).toBeLessThan(5_000);
    expect(await codeOf(update(admin.principal, stepUpToken))).toBe('ALREADY_USED');
    expect((await h.handlers.getSecurityPolicy({ accountId: admin.accountId }, as(key))).requireMfa).toBe(true);
    expect((await h.handlers.getSecurityPolicy({ accountId: other.accountId }, as(other.principal))).requireMfa).toBe(false);
  });

  it('sends an invited user without MFA to enrollment, which signs it in and answers the recovery codes once', async () => {
    const admin = await signUp(h);
    const { secret } = await enableMfa(h, admin);
    await requireMfaForAccount(h, admin, secret);

    const email = `member.${Date.now()}@example.com`;
    const invited = await h.handlers.inviteUser({ email, role: 'Member' }, as(admin.principal));
    const error = await errorOf(h.handlers.acceptInvitation({ token: await invitationTokenFor(h, email), password: PASSWORD }, as()));
    expect([error.code, error.status]).toEqual(['MFA_ENROLLMENT_REQUIRED', 401]);
    expect(error.extensions).toEqual({ enrollmentToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), enrollmentTokenExpiresAt: expect.any(String) });
    const lifetime = Date.parse(error.extensions.enrollmentTokenExpiresAt!) - h.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(15 * 60 * 1000 - 1_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60 * 1000);
    expect(await h.db('sessions').where({ user_id: invited.userId })).toHaveLength(0);
    // Stored hashed only.
    expect(await h.db('mfa_enrollment_tokens').where({ token_hash: error.extensions.enrollmentToken })).toHaveLength(0);
    const enrollmentToken = error.extensions.enrollmentToken!;

    // Signing in again (the password is set now) answers the same way.
    const again = await errorOf(h.handlers.login({ email, password: PASSWORD }, as()));
    expect(again.code).toBe('MFA_ENROLLMENT_REQUIRED');

    const setup = await h.handlers.enrollMfaSetup({ enrollmentToken }, as());
    expect(setup.otpauthUrl).toBe(`otpauth://totp/MessagingPlatform:${email}?secret=${setup.secret}&issuer=MessagingPlatform`);
    const wrong = await errorOf(h.handlers.enrollMfaConfirm({ enrollmentToken, code: otherCode(totpFor(h, setup.secret)) }, as()));
    expect([wrong.code, wrong.extensions.attemptsRemaining]).toEqual(['INVALID_CODE', 4]);

    const completed = await h.handlers.enrollMfaConfirm({ enrollmentToken, code: totpFor(h, setup.secret) }, as());
    expect(completed.tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 900 });
    expect(completed.recoveryCodes).toHaveLength(10);
    expect(await h.db('sessions').where({ user_id: invited.userId, mfa_passed: true })).toHaveLength(1);
    // The token is used: no second set of recovery codes, no second setup.
    nextStep(h);
    expect(await codeOf(h.handlers.enrollMfaConfirm({ enrollmentToken, code: totpFor(h, setup.secret) }, as()))).toBe('INVALID_OR_EXPIRED');
    expect(await codeOf(h.handlers.enrollMfaSetup({ enrollmentToken }, as()))).toBe('INVALID_OR_EXPIRED');

    // A session that passed MFA refreshes; the next sign-in asks for the second factor.
    await expect(h.handlers.refreshToken({ refreshToken: completed.tokens!.refreshToken }, as())).resolves.toMatchObject({ tokenType: 'Bearer' });
    expect(await codeOf(h.handlers.login({ email, password: PASSWORD }, as()))).toBe('MFA_REQUIRED');
    const list = await h.handlers.listUsers({}, as(admin.principal));
    expect(list.items.find((u) => u.userId === invited.userId)).toMatchObject({ status: 'active', mfaEnabled: true });
  });

  it('refuses unknown, expired and burnt enrollment tokens', async () => {
    const admin = await signUp(h);
    const { secret } = await enableMfa(h, admin);
    const member = await inviteAndAccept(h, admin.principal, 'Member');
    await requireMfaForAccount(h, admin, secret);
    const first = (await errorOf(h.handlers.login({ email: member.email, password: PASSWORD }, as()))).extensions.enrollmentToken!;
    h.clock.advance(15 * 60 + 1);
    expect(await codeOf(h.handlers.enrollMfaSetup({ enrollmentToken: first }, as()))).toBe('INVALID_OR_EXPIRED');
    expect(await codeOf(h.handlers.enrollMfaSetup({ enrollmentToken: 'A'.repeat(43) }, as()))).toBe('INVALID_OR_EXPIRED');
    expect(await codeOf(h.handlers.enrollMfaSetup({ enrollmentToken: '' }, as()))).toBe('VALIDATION_FAILED');

    const second = (await errorOf(h.handlers.login({ email: member.email, password: PASSWORD }, as()))).extensions.enrollmentToken!;
    const setup = await h.handlers.enrollMfaSetup({ enrollmentToken: second }, as());
    const wrong = otherCode(totpFor(h, setup.secret));
    for (let i = 0; i < 5; i++) expect(await codeOf(h.handlers.enrollMfaConfirm({ enrollmentToken: second, code: wrong }, as()))).toBe('INVALID_CODE');
    expect(await codeOf(h.handlers.enrollMfaConfirm({ enrollmentToken: second, code: totpFor(h, setup.secret) }, as()))).toBe('INVALID_OR_EXPIRED');
  });

  it('answers MFA_REQUIRED without mfaToken to a refresh of a session that signed in without MFA before the policy', async () => {
    const admin = await signUp(h);
    const member = await inviteAndAccept(h, admin.principal, 'Member');
    const { secret } = await enableMfa(h, admin);
    // Before the policy, the member's session refreshes normally.
    const rotated = await h.handlers.refreshToken({ refreshToken: member.tokens.refreshToken }, as());
    await requireMfaForAccount(h, admin, secret);

    const error = await errorOf(h.handlers.refreshToken({ refreshToken: rotated.refreshToken }, as()));
    expect(error.code).toBe('MFA_REQUIRED');
    expect(error.extensions.mfaToken).toBeUndefined();
    // The user with MFA on still gets the usual challenge, not enrollment.
    expect(await codeOf(h.handlers.login({ email: admin.email, password: PASSWORD }, as()))).toBe('MFA_REQUIRED');
  });

  it('refuses to disable MFA on an account requiring it, without using the step-up token', async () => {
    const admin = await signUp(h);
    const { secret } = await enableMfa(h, admin);
    await requireMfaForAccount(h, admin, secret);
    const stepUpToken = await authenticatorStepUp(admin.principal, secret, 'MfaManage');
    const error = await errorOf(h.handlers.disableMfa({ stepUpToken }, as(admin.principal)));
    expect([error.code, error.status]).toEqual(['MFA_REQUIRED_BY_ACCOUNT', 409]);
    expect((await h.handlers.getMfaStatus({}, as(admin.principal))).enabled).toBe(true);
    // Still usable for another MfaManage operation.
    await expect(h.handlers.regenerateRecoveryCodes({ stepUpToken }, as(admin.principal))).resolves.toMatchObject({ recoveryCodes: expect.any(Array) });

    // Turning the policy off makes MFA removable again.
    await h.handlers.updateSecurityPolicy(
      { accountId: admin.accountId, requireMfa: false, stepUpToken: await authenticatorStepUp(admin.principal, secret) },
      as(admin.principal),
    );
    await expect(h.handlers.disableMfa({ stepUpToken: await authenticatorStepUp(admin.principal, secret, 'MfaManage') }, as(admin.principal))).resolves.toMatchObject({
      enabled: false,
    });
  });
});
