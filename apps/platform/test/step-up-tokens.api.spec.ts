import { ApiClient } from './support/api-client';
import { signUp } from './support/journeys';
import { enableMfa, stepUpByEmail } from './support/mfa-journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
});

const setupTotp = (accessToken: string, stepUp: string) =>
  api.post('/v1/auth/mfa/totp/setup', { token: accessToken, headers: { 'x-step-up-token': stepUp } });

/** Nothing about the user's MFA changed: no pending or active authenticator. */
async function expectMfaOff(accessToken: string) {
  expect((await api.get('/v1/auth/mfa', { token: accessToken })).body).toMatchObject({ enabled: false, hasPasskeys: false });
}

describe('step-up tokens are bound to one user, one action and a short life (spec 5.4)', () => {
  it("refuses another user's token with SUBJECT_MISMATCH and leaves it usable by its owner", async () => {
    const alice = await signUp(api, 'alice');
    const bob = await signUp(api, 'bob');
    const alicesToken = await stepUpByEmail(api, alice);

    const stolen = await setupTotp(bob.accessToken, alicesToken);
    expect(stolen.status).toBe(403);
    expect(stolen.body).toMatchObject({ code: 'SUBJECT_MISMATCH', action: 'MfaManage' });
    expect(stolen.body.secret).toBeUndefined();
    await expectMfaOff(bob.accessToken);

    expect((await setupTotp(alice.accessToken, alicesToken)).status).toBe(200);
  });

  it('refuses an expired or made-up token with INVALID_OR_EXPIRED', async () => {
    const user = await signUp(api, 'expiry');
    const token = await stepUpByEmail(api, user);
    // Step-up tokens live five minutes by the sandbox clock.
    expect((await api.post('/v1/sandbox/clock/advance', { token: user.accessToken, body: { seconds: 301 } })).status).toBe(200);
    const expired = await setupTotp(user.accessToken, token);
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe('INVALID_OR_EXPIRED');

    for (const madeUp of ['x', 'a'.repeat(43), token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')]) {
      const res = await setupTotp(user.accessToken, madeUp);
      expect({ madeUp, status: res.status, code: res.body.code }).toEqual({ madeUp, status: 400, code: 'INVALID_OR_EXPIRED' });
    }
    await expectMfaOff(user.accessToken);
  });

  it('answers MFA_ALREADY_ENABLED to a second setup, keeping the active authenticator and the step-up token', async () => {
    const user = await signUp(api, 'twice');
    const { secret } = await enableMfa(api, user);
    // MfaManage may still come by email (spec 4.1: so a lost authenticator can be removed).
    const stepUp = await stepUpByEmail(api, user, 1);
    const again = await setupTotp(user.accessToken, stepUp);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('MFA_ALREADY_ENABLED');
    expect(again.body.secret).toBeUndefined();
    expect((await api.get('/v1/auth/mfa', { token: user.accessToken })).body).toMatchObject({ enabled: true, recoveryCodesRemaining: 10 });
    // Still usable: regenerate recovery codes with it.
    const regenerated = await api.post('/v1/auth/mfa/recovery-codes', { token: user.accessToken, headers: { 'x-step-up-token': stepUp } });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.recoveryCodes).toHaveLength(10);
    expect(secret).toEqual(expect.any(String));
  });
});
