import { as, codeOf, errorOf, otherCode, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';
import { emailOtpFor, enableMfa, nextStep, stepUpByEmail, totpFor } from '../testing/mfa-helpers';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

describe('step-up tokens', () => {
  it('answers STEP_UP_REQUIRED without a token and INVALID_OR_EXPIRED for an unknown one', async () => {
    const user = await signUp(h);
    const missing = await errorOf(h.handlers.setupTotp({ stepUpToken: '' }, as(user.principal)));
    expect(missing.code).toBe('STEP_UP_REQUIRED');
    expect(missing.extensions.action).toBe('MfaManage');
    expect(await codeOf(h.handlers.setupTotp({ stepUpToken: 'A'.repeat(43) }, as(user.principal)))).toBe('INVALID_OR_EXPIRED');
    expect(await codeOf(h.handlers.setupTotp({ stepUpToken: 'nope' }, as(user.principal)))).toBe('INVALID_OR_EXPIRED');
  });

  it('expires after 5 minutes', async () => {
    const user = await signUp(h);
    const issued = await h.handlers.issueEmailOtp({}, as(user.principal));
    const token = await h.handlers.verifyEmailOtp({ action: 'MfaManage', code: await emailOtpFor(h, user.email) }, as(user.principal));
    expect(issued.action).toBe('MfaManage');
    expect(token).toMatchObject({ action: 'MfaManage', stepUpToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(Date.parse(token.expiresAt!) - h.clock.now().getTime()).toBeGreaterThan(299_000);
    h.clock.advance(301);
    expect(await codeOf(h.handlers.setupTotp({ stepUpToken: token.stepUpToken }, as(user.principal)))).toBe('INVALID_OR_EXPIRED');
  });

  it('is single use: ALREADY_USED the second time', async () => {
    const user = await signUp(h);
    const token = await stepUpByEmail(h, user.principal, user.email);
    await h.handlers.setupTotp({ stepUpToken: token }, as(user.principal));
    expect(await codeOf(h.handlers.setupTotp({ stepUpToken: token }, as(user.principal)))).toBe('ALREADY_USED');
  });

  it("refuses another user's token (SUBJECT_MISMATCH) and a token for another action (ACTION_MISMATCH) without consuming them", async () => {
    const owner = await signUp(h);
    const stranger = await signUp(h);
    const token = await stepUpByEmail(h, owner.principal, owner.email);
    expect(await codeOf(h.handlers.setupTotp({ stepUpToken: token }, as(stranger.principal)))).toBe('SUBJECT_MISMATCH');
    await expect(h.handlers.setupTotp({ stepUpToken: token }, as(owner.principal))).resolves.toHaveProperty('secret');

    const policyToken = await stepUpByEmail(h, owner.principal, owner.email, 'AccountSecurityPolicy');
    expect(await codeOf(h.handlers.setupTotp({ stepUpToken: policyToken }, as(owner.principal)))).toBe('ACTION_MISMATCH');
    expect(await h.db('step_up_tokens').where({ user_id: owner.userId, action: 'AccountSecurityPolicy' }).whereNull('used_at')).toHaveLength(1);
  });

  it('is left usable when the operation it was presented to is refused', async () => {
    const user = await signUp(h);
    const token = await stepUpByEmail(h, user.principal, user.email);
    expect(await codeOf(h.handlers.regenerateRecoveryCodes({ stepUpToken: token }, as(user.principal)))).toBe('MFA_NOT_ENABLED');
    expect(await codeOf(h.handlers.disableMfa({ stepUpToken: token }, as(user.principal)))).toBe('MFA_NOT_ENABLED');
    await expect(h.handlers.setupTotp({ stepUpToken: token }, as(user.principal))).resolves.toHaveProperty('otpauthUrl');
  });
});

describe('step-up with the authenticator', () => {
  it('answers MFA_NOT_ENABLED without MFA and VALIDATION_FAILED for an unknown action', async () => {
    const user = await signUp(h);
    expect(await codeOf(h.handlers.stepUpWithAuthenticator({ action: 'MfaManage', code: '123456' }, as(user.principal)))).toBe('MFA_NOT_ENABLED');
    const bad = await errorOf(h.handlers.stepUpWithAuthenticator({ action: 'DeleteEverything', code: '123456' }, as(user.principal)));
    expect(bad.code).toBe('VALIDATION_FAILED');
    expect(bad.extensions.errors).toHaveProperty('action');
  });

  it('issues a token for the action; refuses recovery codes and replayed codes', async () => {
    const user = await signUp(h);
    const { secret, recoveryCodes } = await enableMfa(h, user);
    const code = totpFor(h, secret);
    const token = await h.handlers.stepUpWithAuthenticator({ action: 'UnlinkIdentity', code }, as(user.principal));
    expect(token).toMatchObject({ action: 'UnlinkIdentity', stepUpToken: expect.any(String), expiresAt: expect.any(String) });
    expect(await codeOf(h.handlers.stepUpWithAuthenticator({ action: 'UnlinkIdentity', code }, as(user.principal)))).toBe('INVALID_CODE');
    const recovery = await errorOf(h.handlers.stepUpWithAuthenticator({ action: 'MfaManage', code: recoveryCodes[0] }, as(user.principal)));
    expect(recovery.code).toBe('INVALID_CODE');
    expect(recovery.extensions.attemptsRemaining).toBe(3);
  });

  it('locks after 5 wrong codes, even for the right code, until the 15-minute window has passed', async () => {
    const user = await signUp(h);
    const { secret } = await enableMfa(h, user);
    const wrong = otherCode(totpFor(h, secret));
    const remaining: (number | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const error = await errorOf(h.handlers.stepUpWithAuthenticator({ action: 'MfaManage', code: wrong }, as(user.principal)));
      expect(error.code).toBe('INVALID_CODE');
      remaining.push(error.extensions.attemptsRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const locked = await errorOf(h.handlers.stepUpWithAuthenticator({ action: 'MfaManage', code: totpFor(h, secret) }, as(user.principal)));
    expect(locked.code).toBe('LOCKED');
    expect(locked.extensions.retryAfterSeconds).toBeGreaterThan(890);
    expect(locked.extensions.retryAfterSeconds).toBeLessThanOrEqual(900);

    h.clock.advance(14 * 60);
    expect(await codeOf(h.handlers.stepUpWithAuthenticator({ action: 'MfaManage', code: totpFor(h, secret) }, as(user.principal)))).toBe('LOCKED');
    h.clock.advance(61);
    await expect(h.handlers.stepUpWithAuthenticator({ action: 'MfaManage', code: totpFor(h, secret) }, as(user.principal))).resolves.toHaveProperty(
      'stepUpToken',
    );
    // The success reset the counter: a wrong code has 4 attempts left again.
    nextStep(h);
    const after = await errorOf(h.handlers.stepUpWithAuthenticator({ action: 'MfaManage', code: otherCode(totpFor(h, secret)) }, as(user.principal)));
    expect(after.extensions.attemptsRemaining).toBe(4);
  });
});

describe('email one-time codes', () => {
  it('mails a 6-digit code valid 10 minutes; issuing again replaces the previous one', async () => {
    const user = await signUp(h);
    const issued = await h.handlers.issueEmailOtp({ action: 'AccountSecurityPolicy' }, as(user.principal));
    expect(issued.action).toBe('AccountSecurityPolicy');
    expect(Date.parse(issued.expiresAt!) - h.clock.now().getTime()).toBeGreaterThan(599_000);
    const first = await emailOtpFor(h, user.email);
    const mail = await h.db('outgoing_mail').where({ to_address: user.email, kind: 'step_up_code' }).first();
    expect(mail.text).toMatch(/^Your code: \d{6}$/m);

    h.clock.advance(1);
    await h.handlers.issueEmailOtp({ action: 'AccountSecurityPolicy' }, as(user.principal));
    const second = await emailOtpFor(h, user.email);
    if (first !== second) {
      expect(await codeOf(h.handlers.verifyEmailOtp({ action: 'AccountSecurityPolicy', code: first }, as(user.principal)))).toBe('INVALID_CODE');
    }
    await expect(h.handlers.verifyEmailOtp({ action: 'AccountSecurityPolicy', code: second }, as(user.principal))).resolves.toMatchObject({
      action: 'AccountSecurityPolicy',
    });
    // Used: gone.
    expect(await codeOf(h.handlers.verifyEmailOtp({ action: 'AccountSecurityPolicy', code: second }, as(user.principal)))).toBe('INVALID_OR_EXPIRED');
  });

  it('counts wrong codes, locks at 5, refuses another action and expires after 10 minutes', async () => {
    const user = await signUp(h);
    await h.handlers.issueEmailOtp({}, as(user.principal));
    const code = await emailOtpFor(h, user.email);
    expect(await codeOf(h.handlers.verifyEmailOtp({ action: 'UnlinkIdentity', code }, as(user.principal)))).toBe('ACTION_MISMATCH');
    const remaining: (number | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const error = await errorOf(h.handlers.verifyEmailOtp({ action: 'MfaManage', code: otherCode(code) }, as(user.principal)));
      expect(error.code).toBe('INVALID_CODE');
      remaining.push(error.extensions.attemptsRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    const locked = await errorOf(h.handlers.verifyEmailOtp({ action: 'MfaManage', code }, as(user.principal)));
    expect(locked.code).toBe('LOCKED');
    // Until the locked code expires (10 minutes from issue): every 429 carries a Retry-After.
    expect(locked.extensions.retryAfterSeconds).toBeGreaterThan(0);
    expect(locked.extensions.retryAfterSeconds).toBeLessThanOrEqual(600);

    await h.handlers.issueEmailOtp({}, as(user.principal));
    const fresh = await emailOtpFor(h, user.email);
    h.clock.advance(601);
    expect(await codeOf(h.handlers.verifyEmailOtp({ action: 'MfaManage', code: fresh }, as(user.principal)))).toBe('INVALID_OR_EXPIRED');
    const other = await signUp(h);
    expect(await codeOf(h.handlers.verifyEmailOtp({ action: 'MfaManage', code: '123456' }, as(other.principal)))).toBe('INVALID_OR_EXPIRED');
  });

  it('answers STEP_UP_FACTOR_REQUIRED to a user with MFA, except for MfaManage', async () => {
    const user = await signUp(h);
    await enableMfa(h, user);
    const refused = await errorOf(h.handlers.issueEmailOtp({ action: 'AccountSecurityPolicy' }, as(user.principal)));
    expect(refused.code).toBe('STEP_UP_FACTOR_REQUIRED');
    expect(refused.status).toBe(403);
    expect(await codeOf(h.handlers.verifyEmailOtp({ action: 'UnlinkIdentity', code: '123456' }, as(user.principal)))).toBe('STEP_UP_FACTOR_REQUIRED');
    // MfaManage stays open: a lost authenticator can still be removed.
    const token = await stepUpByEmail(h, user.principal, user.email, 'MfaManage');
    await expect(h.handlers.disableMfa({ stepUpToken: token }, as(user.principal))).resolves.toMatchObject({ enabled: false });
  });
});
