import { as, codeOf, errorOf, otherCode, PASSWORD, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';
import { enableMfa, nextStep, stepUpByEmail, totpFor } from '../testing/mfa-helpers';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

async function mfaChallenge(email: string) {
  const error = await errorOf(h.handlers.login({ email, password: PASSWORD }, as()));
  expect(error.code).toBe('MFA_REQUIRED');
  return error.extensions;
}

describe('MFA (service, embedded database)', () => {
  it('sets up TOTP, then sign-in answers MFA_REQUIRED and LoginMfa completes it with an authenticator code', async () => {
    const user = await signUp(h);
    const { secret, otpauthUrl, recoveryCodes } = await enableMfa(h, user);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toBe(`otpauth://totp/MessagingPlatform:${user.email}?secret=${secret}&issuer=MessagingPlatform`);
    expect(recoveryCodes).toHaveLength(10);
    expect(await h.handlers.getMfaStatus({}, as(user.principal))).toEqual({
      enabled: true,
      methods: ['totp', 'recovery_code'],
      hasPasskeys: false,
      recoveryCodesRemaining: 10,
    });
    expect((await h.handlers.getMe({}, as(user.principal))).mfaEnabled).toBe(true);
    // Stored hashed, never in clear.
    const stored = await h.db('mfa_recovery_codes').where({ user_id: user.userId }).pluck('code_hash');
    expect(stored).not.toContain(recoveryCodes[0]);

    const error = await errorOf(h.handlers.login({ email: user.email, password: PASSWORD }, as()));
    expect(error.code).toBe('MFA_REQUIRED');
    expect(error.extensions).toEqual({
      mfaToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      mfaTokenExpiresAt: expect.any(String),
      mfaMethods: ['totp', 'recovery_code'],
    });
    const lifetime = Date.parse(error.extensions.mfaTokenExpiresAt!) - h.clock.now().getTime();
    expect(lifetime).toBeGreaterThan(299_000);
    expect(lifetime).toBeLessThanOrEqual(300_000);
    expect(error.extensions).not.toHaveProperty('accessToken');

    const code = totpFor(h, secret);
    const pair = await h.handlers.loginMfa({ mfaToken: error.extensions.mfaToken!, method: 'totp', code }, as());
    expect(pair).toMatchObject({ tokenType: 'Bearer', expiresIn: 900, refreshToken: expect.any(String) });
    // The mfaToken is single use.
    expect(await codeOf(h.handlers.loginMfa({ mfaToken: error.extensions.mfaToken!, method: 'totp', code }, as()))).toBe('MFA_CHALLENGE_INVALID');
    // The same code on a new challenge is a replay.
    const again = await mfaChallenge(user.email);
    expect(await codeOf(h.handlers.loginMfa({ mfaToken: again.mfaToken!, method: 'totp', code }, as()))).toBe('INVALID_CODE');
    nextStep(h);
    await expect(h.handlers.loginMfa({ mfaToken: again.mfaToken!, method: 'totp', code: totpFor(h, secret) }, as())).resolves.toMatchObject({
      tokenType: 'Bearer',
    });
    // A session that passed MFA refreshes normally.
    await expect(h.handlers.refreshToken({ refreshToken: pair.refreshToken }, as())).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it('refuses the code that confirmed the setup for sign-in (accepted once)', async () => {
    const user = await signUp(h);
    const stepUpToken = await stepUpByEmail(h, user.principal, user.email);
    const setup = await h.handlers.setupTotp({ stepUpToken }, as(user.principal));
    const code = totpFor(h, setup.secret);
    await h.handlers.confirmTotp({ code }, as(user.principal));
    const { mfaToken } = await mfaChallenge(user.email);
    expect(await codeOf(h.handlers.loginMfa({ mfaToken: mfaToken!, method: 'totp', code }, as()))).toBe('INVALID_CODE');
  });

  it('accepts a recovery code once', async () => {
    const user = await signUp(h);
    const { recoveryCodes } = await enableMfa(h, user);
    const first = await mfaChallenge(user.email);
    await expect(h.handlers.loginMfa({ mfaToken: first.mfaToken!, method: 'recovery_code', code: recoveryCodes[3].toUpperCase() }, as())).resolves.toMatchObject({
      tokenType: 'Bearer',
    });
    expect((await h.handlers.getMfaStatus({}, as(user.principal))).recoveryCodesRemaining).toBe(9);
    const second = await mfaChallenge(user.email);
    const refused = await errorOf(h.handlers.loginMfa({ mfaToken: second.mfaToken!, method: 'recovery_code', code: recoveryCodes[3] }, as()));
    expect(refused.code).toBe('INVALID_CODE');
    expect(refused.extensions.attemptsRemaining).toBe(4);
    await expect(h.handlers.loginMfa({ mfaToken: second.mfaToken!, method: 'recovery_code', code: recoveryCodes[4] }, as())).resolves.toBeDefined();
  });

  it('burns the mfaToken after 5 wrong codes, and expires it after 5 minutes', async () => {
    const user = await signUp(h);
    const { secret } = await enableMfa(h, user);
    const { mfaToken } = await mfaChallenge(user.email);
    const wrong = otherCode(totpFor(h, secret));
    const remaining: (number | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const error = await errorOf(h.handlers.loginMfa({ mfaToken: mfaToken!, method: 'totp', code: wrong }, as()));
      expect(error.code).toBe('INVALID_CODE');
      remaining.push(error.extensions.attemptsRemaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);
    expect(await codeOf(h.handlers.loginMfa({ mfaToken: mfaToken!, method: 'totp', code: totpFor(h, secret) }, as()))).toBe('MFA_CHALLENGE_INVALID');

    const late = await mfaChallenge(user.email);
    h.clock.advance(301);
    expect(await codeOf(h.handlers.loginMfa({ mfaToken: late.mfaToken!, method: 'totp', code: totpFor(h, secret) }, as()))).toBe('MFA_CHALLENGE_INVALID');
    expect(await codeOf(h.handlers.loginMfa({ mfaToken: 'A'.repeat(43), method: 'totp', code: '123456' }, as()))).toBe('MFA_CHALLENGE_INVALID');
  });

  it('refuses webauthn without a credential (passkeys answer through LoginMfaWithPasskey) and unknown methods as VALIDATION_FAILED', async () => {
    const webauthn = await errorOf(h.handlers.loginMfa({ mfaToken: 'A'.repeat(43), method: 'webauthn', code: '' }, as()));
    expect(webauthn.code).toBe('VALIDATION_FAILED');
    expect(webauthn.extensions.errors).toEqual({ credential: ['is required for method webauthn'] });
    expect(await codeOf(h.handlers.loginMfa({ mfaToken: 'A'.repeat(43), method: 'sms', code: '1' }, as()))).toBe('VALIDATION_FAILED');
  });

  it('confirms only a pending setup, with a right code, once', async () => {
    const user = await signUp(h);
    expect(await codeOf(h.handlers.confirmTotp({ code: '123456' }, as(user.principal)))).toBe('INVALID_OPERATION');
    const setup = await h.handlers.setupTotp({ stepUpToken: await stepUpByEmail(h, user.principal, user.email) }, as(user.principal));
    expect(await codeOf(h.handlers.confirmTotp({ code: otherCode(totpFor(h, setup.secret)) }, as(user.principal)))).toBe('INVALID_CODE');
    expect((await h.handlers.getMfaStatus({}, as(user.principal))).enabled).toBe(false);
    await h.handlers.confirmTotp({ code: totpFor(h, setup.secret) }, as(user.principal));
    nextStep(h);
    expect(await codeOf(h.handlers.confirmTotp({ code: totpFor(h, setup.secret) }, as(user.principal)))).toBe('MFA_ALREADY_ENABLED');
  });

  it('answers MFA_REQUIRED without mfaToken to a refresh of a session that signed in before MFA was turned on', async () => {
    const user = await signUp(h);
    await enableMfa(h, user);
    const error = await errorOf(h.handlers.refreshToken({ refreshToken: user.tokens.refreshToken }, as()));
    expect(error.code).toBe('MFA_REQUIRED');
    expect(error.extensions.mfaToken).toBeUndefined();
  });

  it('regenerates recovery codes (old ones stop working) and disables MFA with an MfaManage step-up', async () => {
    const user = await signUp(h);
    const { secret, recoveryCodes } = await enableMfa(h, user);
    const regenerateToken = await stepUpByEmail(h, user.principal, user.email);
    const fresh = await h.handlers.regenerateRecoveryCodes({ stepUpToken: regenerateToken }, as(user.principal));
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(fresh.recoveryCodes).not.toContain(recoveryCodes[0]);
    const challenge = await mfaChallenge(user.email);
    expect(await codeOf(h.handlers.loginMfa({ mfaToken: challenge.mfaToken!, method: 'recovery_code', code: recoveryCodes[0] }, as()))).toBe('INVALID_CODE');

    const disableToken = (await h.handlers.stepUpWithAuthenticator({ action: 'MfaManage', code: totpFor(h, secret) }, as(user.principal))).stepUpToken;
    expect(await h.handlers.disableMfa({ stepUpToken: disableToken }, as(user.principal))).toEqual({
      enabled: false,
      methods: [],
      hasPasskeys: false,
      recoveryCodesRemaining: 0,
    });
    expect(await h.db('mfa_totp_secrets').where({ user_id: user.userId })).toHaveLength(0);
    expect(await h.db('mfa_recovery_codes').where({ user_id: user.userId })).toHaveLength(0);
    await expect(h.handlers.login({ email: user.email, password: PASSWORD }, as())).resolves.toMatchObject({ tokenType: 'Bearer' });
    // Nothing left to disable or regenerate.
    const another = await stepUpByEmail(h, user.principal, user.email);
    expect(await codeOf(h.handlers.regenerateRecoveryCodes({ stepUpToken: another }, as(user.principal)))).toBe('MFA_NOT_ENABLED');
    expect(await codeOf(h.handlers.disableMfa({ stepUpToken: another }, as(user.principal)))).toBe('MFA_NOT_ENABLED');
  });

  it('refuses API keys on the MFA routes', async () => {
    const user = await signUp(h);
    const key = { kind: 'api_key' as const, accountId: user.accountId, apiKeyId: 'k', rights: [] };
    expect(await codeOf(h.handlers.getMfaStatus({}, as(key)))).toBe('FORBIDDEN');
  });
});
