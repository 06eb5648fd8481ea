import { sendInvitation, withAdmin } from './support/account-admin';
import { ApiClient } from './support/api-client';
import { signUp, uniqueEmail, waitForStatus, type SignedUpUser } from './support/journeys';
import { mailedValue } from './support/mfa-journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;
let admin: SignedUpUser;

beforeAll(async () => {
  ({ booted, api, admin } = await withAdmin(await sharedPlatform(), 'roles-admin'));
});

interface Member {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

/** Admin invites, the invitee accepts from the mailed token and is signed in. */
async function invite(body: { role: string; subaccountId?: string }): Promise<Member> {
  const email = uniqueEmail(body.role.toLowerCase());
  const invited = await sendInvitation(api, admin, { email, ...body });
  expect(invited.status).toBe(201);
  const token = await mailedValue(api, email, /Invitation token: (\S+)/);
  const password = 'a long enough password';
  const accepted = await api.post('/v1/auth/accept-invitation', { body: { token, password } });
  expect(accepted.status).toBe(200);
  return { userId: invited.body.userId, email, password, ...accepted.body };
}

async function subaccount(name: string): Promise<string> {
  const res = await api.post(`/v1/accounts/${admin.accountId}/subaccounts`, { token: admin.accessToken, body: { name } });
  expect(res.status).toBe(201);
  return res.body.subaccountId;
}

describe('users and roles (DECISIONS "Accounts", issue 3 point 5)', () => {
  it('limits a user of a subaccount to it: other subaccounts, account-level sends and their messages answer 404', async () => {
    const north = await subaccount('North');
    const south = await subaccount('South');
    const member = await invite({ role: 'Member', subaccountId: north });
    const me = await api.get('/v1/auth/me', { token: member.accessToken });
    expect(me.body).toMatchObject({ role: 'Member', subaccountId: north, accountId: admin.accountId });

    const own = await api.post(`/v1/subaccounts/${north}/messages`, { token: member.accessToken, body: { to: '+14155550150', body: 'north' } });
    expect(own.status).toBe(201);
    expect(own.body.subaccountId).toBe(north);

    const before = await countRows(booted.platform, 'messaging', 'messages', { account_id: admin.accountId });
    for (const path of [`/v1/subaccounts/${south}/messages`, `/v1/accounts/${admin.accountId}/messages`]) {
      const refused = await api.post(path, { token: member.accessToken, body: { to: '+14155550151', body: 'elsewhere' } });
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
    }
    expect(await countRows(booted.platform, 'messaging', 'messages', { account_id: admin.accountId })).toBe(before);

    const southMessage = await api.post(`/v1/subaccounts/${south}/messages`, { token: admin.accessToken, body: { to: '+14155550152', body: 's' } });
    expect(southMessage.status).toBe(201);
    expect((await api.get(`/v1/accounts/${admin.accountId}/messages/${southMessage.body.messageId}`, { token: member.accessToken })).status).toBe(404);
    expect((await api.get(`/v1/accounts/${admin.accountId}/subaccounts/${south}`, { token: member.accessToken })).status).toBe(404);
    await waitForStatus(api, admin, southMessage.body.messageId, ['delivered']);
  });

  it('lets only an Admin manage users; a Member is refused and nothing changes', async () => {
    const member = await invite({ role: 'Member' });
    const refused = await sendInvitation(api, member, { email: uniqueEmail('nope'), role: 'Admin' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const promote = await api.put(`/v1/account/users/${member.userId}`, { token: member.accessToken, body: { role: 'Admin' } });
    expect(promote.status).toBe(403);
    const users = (await api.get('/v1/account/users', { token: admin.accessToken })).body.items as Array<{ userId: string; role: string; email: string }>;
    expect(users.find((u) => u.userId === member.userId)?.role).toBe('Member');
    expect(users.some((u) => u.email.startsWith('nope-'))).toBe(false);
  });

  it('changes a role, which applies to the next sign-in, and keeps the last Admin', async () => {
    const manager = await invite({ role: 'Member' });
    const changed = await api.put(`/v1/account/users/${manager.userId}`, { token: admin.accessToken, body: { role: 'Manager' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ userId: manager.userId, role: 'Manager' });
    // A Manager may create API keys, a Member may not.
    const login = await api.post('/v1/auth/login', { body: { email: manager.email, password: manager.password } });
    expect((await api.post('/v1/api-keys', { token: login.body.accessToken, body: { name: 'by manager' } })).status).toBe(201);

    const lastAdmin = await api.put(`/v1/account/users/${admin.userId}`, { token: admin.accessToken, body: { role: 'Member' } });
    expect(lastAdmin.status).toBe(422);
    expect(lastAdmin.body.code).toBe('INVALID_OPERATION');
    expect((await api.get('/v1/auth/me', { token: admin.accessToken })).body.role).toBe('Admin');
  });

  it('deactivates a user: sign-in, refresh and their live token answer USER_INACTIVE', async () => {
    const leaver = await invite({ role: 'Member' });
    const deactivated = await api.post(`/v1/account/users/${leaver.userId}/deactivate`, { token: admin.accessToken });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.status).toBe('inactive');

    const login = await api.post('/v1/auth/login', { body: { email: leaver.email, password: leaver.password } });
    expect(login.status).toBe(401);
    expect(login.body.code).toBe('USER_INACTIVE');
    expect(login.body.accessToken).toBeUndefined();
    const refresh = await api.post('/v1/auth/token/refresh', { body: { refreshToken: leaver.refreshToken } });
    expect(refresh.status).toBe(401);
    expect(refresh.body.code).toBe('USER_INACTIVE');
    const live = await api.get('/v1/auth/me', { token: leaver.accessToken });
    expect(live.status).toBe(401);
    expect(live.body.code).toBe('USER_INACTIVE');
  });

  it("answers another account's user with 404 and invalid input with the field named", async () => {
    const stranger = await signUp(api, 'roles-stranger');
    const foreign = await api.put(`/v1/account/users/${stranger.userId}`, { token: admin.accessToken, body: { role: 'Member' } });
    expect(foreign.status).toBe(404);
    expect((await api.post(`/v1/account/users/${stranger.userId}/deactivate`, { token: admin.accessToken })).status).toBe(404);
    expect((await api.get('/v1/auth/me', { token: stranger.accessToken })).body.role).toBe('Admin');

    const badSub = await sendInvitation(api, admin, { email: uniqueEmail('badsub'), role: 'Member', subaccountId: '00000000-0000-4000-8000-000000000000' });
    expect(badSub.status).toBe(400);
    expect(badSub.body.errors).toHaveProperty('subaccountId');
  });
});
