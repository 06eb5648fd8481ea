import { ApiClient } from './support/api-client';
import { signUp, uniqueEmail, type SignedUpUser } from './support/journeys';
import { enableMfa, mailedValue, platformNow, stepUpWithAuthenticator } from './support/mfa-journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { totp } from './support/totp';

let booted: BootedPlatform;
let api: ApiClient;
let admin: SignedUpUser;
let adminSecret: string;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  admin = await signUp(api, 'policy-admin');
});

describe('users, roles and an account that requires MFA', () => {
  let memberEmail: string;
  let invitationToken: string;

  it('invites a member, who appears in the user list without MFA', async () => {
    memberEmail = uniqueEmail('member');
    const invited = await api.post('/v1/account/users', { token: admin.accessToken, body: { email: memberEmail, role: 'Member' } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: memberEmail, role: 'Member', status: 'invited', mfaEnabled: false });
    invitationToken = await mailedValue(api, memberEmail, /Invitation token: (\S+)/);

    const duplicate = await api.post('/v1/account/users', { token: admin.accessToken, body: { email: memberEmail, role: 'Member' } });
    expect(duplicate.status).toBe(409);
    const badRole = await api.post('/v1/account/users', { token: admin.accessToken, body: { email: uniqueEmail('x'), role: 'Owner' } });
    expect(badRole.status).toBe(400);
    expect(badRole.body.errors).toHaveProperty('role');
  });

  it('lets only an Admin with MFA and a step-up turn the policy on', async () => {
    const path = `/v1/accounts/${admin.accountId}/security-policy`;
    expect((await api.get(path, { token: admin.accessToken })).body).toMatchObject({ accountId: admin.accountId, requireMfa: false });

    const withoutMfa = await api.put(path, { token: admin.accessToken, body: { requireMfa: true } });
    expect(withoutMfa.status).toBeGreaterThanOrEqual(400);
    expect((await api.get(path, { token: admin.accessToken })).body.requireMfa).toBe(false);

    adminSecret = (await enableMfa(api, admin)).secret;
    const noStepUp = await api.put(path, { token: admin.accessToken, body: { requireMfa: true } });
    expect(noStepUp.status).toBe(403);
    expect(noStepUp.body.code).toBe('STEP_UP_REQUIRED');

    const wrongAction = await stepUpWithAuthenticator(api, admin.accessToken, adminSecret, 'MfaManage');
    const mismatch = await api.put(path, { token: admin.accessToken, body: { requireMfa: true }, headers: { 'x-step-up-token': wrongAction } });
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.code).toBe('ACTION_MISMATCH');

    const stepUp = await stepUpWithAuthenticator(api, admin.accessToken, adminSecret, 'AccountSecurityPolicy');
    const on = await api.put(path, { token: admin.accessToken, body: { requireMfa: true }, headers: { 'x-step-up-token': stepUp } });
    expect(on.status).toBe(200);
    expect(on.body.requireMfa).toBe(true);
  });

  it('makes a member without MFA enrol before signing in, and shows recovery codes once', async () => {
    const accepted = await api.post('/v1/auth/accept-invitation', { body: { token: invitationToken, password: 'member password 123' } });
    expect(accepted.status).toBe(401);
    expect(accepted.body).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED', enrollmentToken: expect.any(String), enrollmentTokenExpiresAt: expect.any(String) });
    expect(accepted.body.accessToken).toBeUndefined();

    const setup = await api.post('/v1/auth/login/mfa/enroll/setup', { body: { enrollmentToken: accepted.body.enrollmentToken } });
    expect(setup.status).toBe(200);
    const done = await api.post('/v1/auth/login/mfa/enroll/confirm', {
      body: { enrollmentToken: accepted.body.enrollmentToken, code: totp(setup.body.secret, await platformNow(api)) },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });
    expect(done.body.recoveryCodes).toHaveLength(10);
    const again = await api.post('/v1/auth/login/mfa/enroll/confirm', { body: { enrollmentToken: accepted.body.enrollmentToken, code: '123456' } });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('INVALID_OR_EXPIRED');

    const users = await api.get('/v1/account/users', { token: admin.accessToken });
    expect(users.body.items.map((u: { email: string; mfaEnabled: boolean; status: string }) => [u.email, u.mfaEnabled, u.status])).toEqual([
      [admin.email, true, 'active'],
      [memberEmail, true, 'active'],
    ]);

    // Members manage nothing here.
    const memberInvites = await api.post('/v1/account/users', { token: done.body.accessToken, body: { email: uniqueEmail('y'), role: 'Member' } });
    expect(memberInvites.status).toBe(403);

    // Deactivation ends the member's sessions.
    const memberId = users.body.items.find((u: { email: string }) => u.email === memberEmail).userId;
    const deactivated = await api.post(`/v1/account/users/${memberId}/deactivate`, { token: admin.accessToken });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.status).toBe('inactive');
    const me = await api.get('/v1/auth/me', { token: done.body.accessToken });
    expect(me.status).toBe(401);
    expect(me.body.code).toBe('USER_INACTIVE');
    const refresh = await api.post('/v1/auth/token/refresh', { body: { refreshToken: done.body.refreshToken } });
    expect(refresh.status).toBe(401);
  });

  it('refuses to turn off MFA while the account requires it, leaving the step-up token usable', async () => {
    const stepUp = await stepUpWithAuthenticator(api, admin.accessToken, adminSecret, 'MfaManage');
    const refused = await api.delete('/v1/auth/mfa', { token: admin.accessToken, headers: { 'x-step-up-token': stepUp } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('MFA_REQUIRED_BY_ACCOUNT');
    // The token was not consumed: it still opens another MfaManage operation.
    const regenerated = await api.post('/v1/auth/mfa/recovery-codes', { token: admin.accessToken, headers: { 'x-step-up-token': stepUp } });
    expect(regenerated.status).toBe(200);
    expect(regenerated.body.recoveryCodes).toHaveLength(10);
  });

  it("answers another account's policy and users with 404", async () => {
    const other = await signUp(api, 'policy-other');
    const res = await api.get(`/v1/accounts/${admin.accountId}/security-policy`, { token: other.accessToken });
    expect(res.status).toBe(404);
    expect((await api.get('/v1/account/users', { token: other.accessToken })).body.items).toHaveLength(1);
  });
});
