import { ApiClient } from './support/api-client';
import { signUp, type SignedUpUser } from './support/journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { totp } from './support/totp';
import {
  emailCode as emailCodeOf,
  nextStep as nextStepOf,
  platformNow as platformNowOf,
  stepUpByEmail as stepUpByEmailOf,
} from './support/mfa-journeys';

let booted: BootedPlatform;
let api: ApiClient;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
});

const platformNow = () => platformNowOf(api);
const nextStep = (token: string) => nextStepOf(api, token);
const emailCode = (email: string, seen: number) => emailCodeOf(api, email, seen);
const stepUpByEmail = (user: SignedUpUser, seen: number) => stepUpByEmailOf(api, user, seen);

describe('MFA with an authenticator app', () => {
  it('enrols with a step-up, then signs in in two steps, refusing replayed codes', async () => {
    const user = await signUp(api, 'mfa');
    expect((await api.get('/v1/auth/mfa', { token: user.accessToken })).body).toMatchObject({ enabled: false, hasPasskeys: false });

    // Setup needs a step-up token for MfaManage.
    const noStepUp = await api.post('/v1/auth/mfa/totp/setup', { token: user.accessToken });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.body.code).toBe('STEP_UP_REQUIRED');

    // Users without MFA step up with an emailed one-time code.
    expect((await api.post('/v1/email-otp/issue', { token: user.accessToken })).status).toBe(200);
    const code = await emailCode(user.email, 0);
    const wrong = await api.post('/v1/email-otp/verify', { token: user.accessToken, body: { action: 'MfaManage', code: code === '000000' ? '111111' : '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe('INVALID_CODE');
    expect(wrong.body.attemptsRemaining).toEqual(expect.any(Number));
    const stepUp = await api.post('/v1/email-otp/verify', { token: user.accessToken, body: { action: 'MfaManage', code } });
    expect(stepUp.status).toBe(200);

    const setup = await api.post('/v1/auth/mfa/totp/setup', { token: user.accessToken, headers: { 'x-step-up-token': stepUp.body.stepUpToken } });
    expect(setup.status).toBe(200);
    expect(setup.body.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const reused = await api.post('/v1/auth/mfa/totp/setup', { token: user.accessToken, headers: { 'x-step-up-token': stepUp.body.stepUpToken } });
    expect(reused.status).toBe(409);
    expect(reused.body.code).toBe('ALREADY_USED');

    const badConfirm = await api.post('/v1/auth/mfa/totp/confirm', { token: user.accessToken, body: { code: '000000' === totp(setup.body.secret, await platformNow()) ? '111111' : '000000' } });
    expect(badConfirm.status).toBe(400);
    expect(badConfirm.body.code).toBe('INVALID_CODE');
    const confirmed = await api.post('/v1/auth/mfa/totp/confirm', { token: user.accessToken, body: { code: totp(setup.body.secret, await platformNow()) } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    expect((await api.get('/v1/auth/mfa', { token: user.accessToken })).body).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });

    // Sign-in now asks for the second factor and issues no tokens.
    const login = await api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.status).toBe(401);
    expect(login.body).toMatchObject({ code: 'MFA_REQUIRED', mfaToken: expect.any(String), mfaTokenExpiresAt: expect.any(String) });
    expect(login.body.mfaMethods).toEqual(expect.arrayContaining(['totp', 'recovery_code']));
    expect(login.body.accessToken).toBeUndefined();

    await nextStep(user.accessToken);
    const code2 = totp(setup.body.secret, await platformNow());
    const done = await api.post('/v1/auth/login/mfa', { body: { mfaToken: login.body.mfaToken, method: 'totp', code: code2 } });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });

    // The same code is refused the second time, and a used mfaToken is gone.
    const again = await api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
    const replay = await api.post('/v1/auth/login/mfa', { body: { mfaToken: again.body.mfaToken, method: 'totp', code: code2 } });
    expect(replay.status).toBe(400);
    expect(replay.body.code).toBe('INVALID_CODE');
    const usedToken = await api.post('/v1/auth/login/mfa', { body: { mfaToken: login.body.mfaToken, method: 'totp', code: code2 } });
    expect(usedToken.status).toBe(401);
    expect(usedToken.body.code).toBe('MFA_CHALLENGE_INVALID');

    // A recovery code works once.
    const recovery = confirmed.body.recoveryCodes[0];
    const withRecovery = await api.post('/v1/auth/login/mfa', { body: { mfaToken: again.body.mfaToken, method: 'recovery_code', code: recovery } });
    expect(withRecovery.status).toBe(200);
    const third = await api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
    const recoveryAgain = await api.post('/v1/auth/login/mfa', { body: { mfaToken: third.body.mfaToken, method: 'recovery_code', code: recovery } });
    expect(recoveryAgain.status).toBe(400);
    expect(recoveryAgain.body.code).toBe('INVALID_CODE');

    // With MFA on, the email route is only for MfaManage.
    const factor = await api.post('/v1/email-otp/issue', { token: done.body.accessToken, body: { action: 'AccountSecurityPolicy' } });
    expect(factor.status).toBe(403);
    expect(factor.body.code).toBe('STEP_UP_FACTOR_REQUIRED');

    // Authenticator step-up, then turning MFA off with it.
    await nextStep(done.body.accessToken);
    const authStepUp = await api.post('/v1/auth/mfa/step-up', {
      token: done.body.accessToken,
      body: { action: 'MfaManage', code: totp(setup.body.secret, await platformNow()) },
    });
    expect(authStepUp.status).toBe(200);
    const disabled = await api.delete('/v1/auth/mfa', { token: done.body.accessToken, headers: { 'x-step-up-token': authStepUp.body.stepUpToken } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.enabled).toBe(false);
    expect((await api.post('/v1/auth/login', { body: { email: user.email, password: user.password } })).status).toBe(200);
  });

  it('refuses step-up for a user without MFA, and locks the authenticator route after repeated bad codes', async () => {
    const user = await signUp(api, 'lock');
    const off = await api.post('/v1/auth/mfa/step-up', { token: user.accessToken, body: { action: 'MfaManage', code: '123456' } });
    expect(off.status).toBe(409);
    expect(off.body.code).toBe('MFA_NOT_ENABLED');

    const token = await stepUpByEmail(user, 0);
    const setup = await api.post('/v1/auth/mfa/totp/setup', { token: user.accessToken, headers: { 'x-step-up-token': token } });
    const good = totp(setup.body.secret, await platformNow());
    expect((await api.post('/v1/auth/mfa/totp/confirm', { token: user.accessToken, body: { code: good } })).status).toBe(200);

    const bad = good === '000000' ? '111111' : '000000';
    const statuses: Array<[number, string]> = [];
    for (let i = 0; i < 6; i++) {
      const res = await api.post('/v1/auth/mfa/step-up', { token: user.accessToken, body: { action: 'MfaManage', code: bad } });
      statuses.push([res.status, res.body.code]);
    }
    expect(statuses.slice(0, 5).every(([s, c]) => s === 400 && c === 'INVALID_CODE')).toBe(true);
    expect(statuses[5]).toEqual([429, 'LOCKED']);
    // Locked even with the right code, until the window passes.
    await nextStep(user.accessToken);
    const locked = await api.post('/v1/auth/mfa/step-up', { token: user.accessToken, body: { action: 'MfaManage', code: totp(setup.body.secret, await platformNow()) } });
    expect(locked.status).toBe(429);
    expect(locked.body.retryAfterSeconds).toBeGreaterThan(0);

    const invalidAction = await api.post('/v1/auth/mfa/step-up', { token: user.accessToken, body: { action: 'Everything', code: '123456' } });
    expect(invalidAction.status).toBe(400);
    expect(invalidAction.body.errors).toHaveProperty('action');
  });
});
