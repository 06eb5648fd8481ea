import { ApiClient } from './support/api-client';
import { signUp, uniqueEmail, verificationToken } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
});

describe('register, verify, sign in', () => {
  it('keeps an account pending until its email is verified', async () => {
    const email = uniqueEmail('pending');
    const reg = await api.post('/v1/register', { body: { email, password: 'long enough password', organizationName: 'Acme' } });
    expect(reg.status).toBe(201);
    expect(reg.body).toEqual({ accountId: expect.any(String), userId: expect.any(String), status: 'pending' });

    const early = await api.post('/v1/auth/login', { body: { email, password: 'long enough password' } });
    expect(early.status).toBe(403);
    expect(early.body.code).toBe('ACCOUNT_INACTIVE');
    expect(early.body.accessToken).toBeUndefined();

    const token = await verificationToken(api, email);
    expect((await api.post('/v1/auth/verify-email', { body: { token } })).status).toBe(200);
    const reused = await api.post('/v1/auth/verify-email', { body: { token } });
    expect(reused.status).toBe(400);
    expect(reused.body.code).toBe('INVALID_OR_EXPIRED');

    const login = await api.post('/v1/auth/login', { body: { email, password: 'long enough password' } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900, tokenType: 'Bearer' });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const user = await signUp(api, 'pw');
    const wrong = await api.post('/v1/auth/login', { body: { email: user.email, password: 'not the password' } });
    const unknown = await api.post('/v1/auth/login', { body: { email: uniqueEmail('nobody'), password: 'not the password' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect({ ...wrong.body, traceId: undefined }).toEqual({ ...unknown.body, traceId: undefined });
  });

  it('rejects invalid registrations naming each field, and stores nothing', async () => {
    const before = await countRows(booted.platform, 'identity', 'accounts');
    const res = await api.post('/v1/register', { body: { email: 'not-an-email', password: 'short', organizationName: '' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'organizationName', 'password']);
    expect(await countRows(booted.platform, 'identity', 'accounts')).toBe(before);
  });

  it('rotates refresh tokens and revokes the family when a rotated one is presented again', async () => {
    const user = await signUp(api, 'refresh');
    const first = await api.post('/v1/auth/token/refresh', { body: { refreshToken: user.refreshToken } });
    expect(first.status).toBe(200);
    expect(first.body.refreshToken).not.toBe(user.refreshToken);

    const replay = await api.post('/v1/auth/token/refresh', { body: { refreshToken: user.refreshToken } });
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe('TOKEN_REVOKED');
    // The newer token of the same family is revoked too.
    const newer = await api.post('/v1/auth/token/refresh', { body: { refreshToken: first.body.refreshToken } });
    expect(newer.status).toBe(401);
    expect(newer.body.code).toBe('TOKEN_REVOKED');
  });

  it('shows an API key once and stores it hashed', async () => {
    const user = await signUp(api, 'keys');
    const created = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'ci', rights: ['ReadMessages'] } });
    expect(created.status).toBe(201);
    expect(created.body.key).toEqual(expect.any(String));
    const list = await api.get('/v1/api-keys', { token: user.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.items).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain(created.body.key);
    const rows = await booted.platform.adapters.databases.forSchema('identity')('api_keys').where({ account_id: user.accountId });
    expect(JSON.stringify(rows)).not.toContain(created.body.key);

    const bad = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'x', rights: ['FlyToTheMoon'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors['rights.0']).toEqual([expect.stringContaining('must be one of SendMessages, ReadMessages')]);
  });

  it('manages subaccounts with quotas (null is unlimited)', async () => {
    const user = await signUp(api, 'subs');
    const created = await api.post(`/v1/accounts/${user.accountId}/subaccounts`, {
      token: user.accessToken,
      body: { name: 'East', dailyQuota: 100, monthlyQuota: null },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'East', dailyQuota: 100, monthlyQuota: null });
    const updated = await api.put(`/v1/accounts/${user.accountId}/subaccounts/${created.body.subaccountId}`, {
      token: user.accessToken,
      body: { dailyQuota: null },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'East', dailyQuota: null, monthlyQuota: null });
    const list = await api.get(`/v1/accounts/${user.accountId}/subaccounts`, { token: user.accessToken });
    expect(list.body.items.map((s: { name: string }) => s.name)).toEqual(['East']);
  });
});
