import { ApiClient } from './support/api-client';
import { signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;
let owner: SignedUpUser;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  owner = await signUp(api, 'keyaccess');
});

const messageRows = () => countRows(booted.platform, 'messaging', 'messages', { account_id: owner.accountId });

async function newKey(body: Record<string, unknown>): Promise<{ apiKeyId: string; key: string }> {
  const created = await api.post('/v1/api-keys', { token: owner.accessToken, body: { name: 'k', ...body } });
  expect(created.status).toBe(201);
  return created.body;
}

async function newSubaccount(name: string): Promise<string> {
  const sub = await api.post(`/v1/accounts/${owner.accountId}/subaccounts`, { token: owner.accessToken, body: { name } });
  expect(sub.status).toBe(201);
  return sub.body.subaccountId;
}

const send = (path: string, apiKey: string, to = '+14155550140') => api.post(path, { apiKey, body: { to, body: 'hello' } });

describe('API key standing (spec 5, 7.2 family 1101-1108)', () => {
  it('answers an unknown key, an expired, a revoked and a deleted key with their own codes, sending nothing', async () => {
    const before = await messageRows();
    const path = `/v1/accounts/${owner.accountId}/messages`;

    const unknown = await send(path, 'mpk_test_not-a-real-key');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ code: 'API_KEY_INVALID', status: 401 });

    const now = (await api.get('/v1/sandbox/clock')).body.now as string;
    const expiring = await newKey({ expiresAt: new Date(Date.parse(now) + 3600_000).toISOString() });
    expect((await send(path, expiring.key)).status).toBe(201);
    expect((await api.post('/v1/sandbox/clock/advance', { token: owner.accessToken, body: { seconds: 3601 } })).status).toBe(200);
    // The owner's access token expired with the hour; sign in again.
    const login = await api.post('/v1/auth/login', { body: { email: owner.email, password: owner.password } });
    owner = { ...owner, ...login.body };
    const expired = await send(path, expiring.key);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ code: 'API_KEY_EXPIRED', authScheme: 'ApiKey' });

    const revoking = await newKey({});
    expect((await api.delete(`/v1/api-keys/${revoking.apiKeyId}`, { token: owner.accessToken })).status).toBe(204);
    const revoked = await send(path, revoking.key);
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('API_KEY_REVOKED');

    const deleting = await newKey({});
    expect((await api.delete(`/v1/api-keys/${deleting.apiKeyId}?purge=true`, { token: owner.accessToken })).status).toBe(204);
    const deleted = await send(path, deleting.key);
    expect(deleted.status).toBe(401);
    expect(deleted.body.code).toBe('API_KEY_DELETED');
    // A deleted key leaves the list and can no longer be changed; a revoked one stays listed as revoked.
    const list = (await api.get('/v1/api-keys', { token: owner.accessToken })).body.items as Array<{ apiKeyId: string; status: string }>;
    expect(list.find((k) => k.apiKeyId === deleting.apiKeyId)).toBeUndefined();
    expect(list.find((k) => k.apiKeyId === revoking.apiKeyId)?.status).toBe('revoked');
    const rename = await api.put(`/v1/api-keys/${deleting.apiKeyId}`, { token: owner.accessToken, body: { name: 'back' } });
    expect(rename.status).toBe(404);
    expect((await api.delete(`/v1/api-keys/${deleting.apiKeyId}`, { token: owner.accessToken })).status).toBe(404);

    // Only the one send made while the expiring key was valid was stored.
    expect(await messageRows()).toBe(before + 1);
  });

  it('refuses a key lacking the right an operation needs with 403 FORBIDDEN, storing nothing', async () => {
    const readOnly = await newKey({ rights: ['ReadMessages'] });
    const before = await messageRows();
    const refused = await send(`/v1/accounts/${owner.accountId}/messages`, readOnly.key);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(refused.body.detail).toContain('SendMessages');
    expect(await messageRows()).toBe(before);

    // Rights are replaced by PUT and apply at once.
    expect((await api.put(`/v1/api-keys/${readOnly.apiKeyId}`, { token: owner.accessToken, body: { rights: ['SendMessages'] } })).status).toBe(200);
    expect((await send(`/v1/accounts/${owner.accountId}/messages`, readOnly.key)).status).toBe(201);
  });

  it('refuses a key on routes that take a signed-in user only', async () => {
    const key = await newKey({ rights: ['SendMessages', 'ReadMessages', 'ManageWebhooks', 'ManageRouting'] });
    for (const [method, path] of [
      ['GET', '/v1/api-keys'],
      ['POST', '/v1/api-keys'],
      ['GET', `/v1/accounts/${owner.accountId}/security-policy`],
      ['GET', '/v1/account/users'],
      ['GET', '/v1/auth/me'],
    ]) {
      const res = await api.request(method, path, { apiKey: key.key, body: method === 'POST' ? { name: 'escalate' } : undefined });
      expect({ path, status: res.status, code: res.body.code, authScheme: res.body.authScheme }).toEqual({
        path,
        status: 401,
        code: 'UNAUTHORIZED',
        authScheme: 'Bearer',
      });
    }
    expect((await api.get('/v1/api-keys', { token: owner.accessToken })).body.items.some((k: { name: string }) => k.name === 'escalate')).toBe(false);
  });
});

describe('keys limited to a subaccount (spec 5.6)', () => {
  it('reach only their subaccount: other subaccounts, account-level sends and other messages are not found', async () => {
    const east = await newSubaccount('East');
    const west = await newSubaccount('West');
    const eastKey = await newKey({ subaccountId: east });

    const sent = await send(`/v1/subaccounts/${east}/messages`, eastKey.key);
    expect(sent.status).toBe(201);
    expect(sent.body.subaccountId).toBe(east);
    const readOwn = await api.get(`/v1/accounts/${owner.accountId}/messages/${sent.body.messageId}`, { apiKey: eastKey.key });
    expect(readOwn.status).toBe(200);

    const before = await messageRows();
    for (const path of [`/v1/subaccounts/${west}/messages`, `/v1/accounts/${owner.accountId}/messages`]) {
      const refused = await send(path, eastKey.key);
      expect({ path, status: refused.status, code: refused.body.code }).toEqual({ path, status: 404, code: 'NOT_FOUND' });
    }
    expect(await messageRows()).toBe(before);

    // A message of the other subaccount (sent by the owner) is invisible to the East key.
    const westMessage = await api.post(`/v1/subaccounts/${west}/messages`, { token: owner.accessToken, body: { to: '+14155550141', body: 'w' } });
    expect(westMessage.status).toBe(201);
    const readOther = await api.get(`/v1/accounts/${owner.accountId}/messages/${westMessage.body.messageId}`, { apiKey: eastKey.key });
    expect(readOther.status).toBe(404);
    await waitForStatus(api, owner, westMessage.body.messageId, ['delivered']);
  });

  it('cannot be created for a subaccount of another account', async () => {
    const stranger = await signUp(api, 'keystranger');
    const theirs = await api.post(`/v1/accounts/${stranger.accountId}/subaccounts`, { token: stranger.accessToken, body: { name: 'Theirs' } });
    const created = await api.post('/v1/api-keys', { token: owner.accessToken, body: { name: 'sneaky', subaccountId: theirs.body.subaccountId } });
    expect(created.status).toBe(400);
    expect(created.body.errors).toHaveProperty('subaccountId');
    expect((await api.get('/v1/api-keys', { token: owner.accessToken })).body.items.some((k: { name: string }) => k.name === 'sneaky')).toBe(false);
  });
});
