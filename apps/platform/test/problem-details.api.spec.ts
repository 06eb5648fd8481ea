import { ApiClient, type ApiResponse } from './support/api-client';
import { signUp, type SignedUpUser } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'problems');
});

/** Every error is application/problem+json with the same trace id in body and header. */
function expectProblem(res: ApiResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, title: expect.any(String), type: expect.stringMatching(/\/problems\/[a-z0-9-]+$/) });
  expect(res.body.type.endsWith('/problems/' + code.toLowerCase().replace(/_/g, '-'))).toBe(true);
  expect(res.body.traceId).toMatch(/^[0-9a-f]{32}$/);
  expect(res.headers.get('x-trace-id')).toBe(res.body.traceId);
  expect(res.text).not.toMatch(/at \w+ \(|node_modules|select |insert /i);
}

const messagesOf = () => countRows(booted.platform, 'messaging', 'messages', { account_id: user.accountId });
const sendPath = () => `/v1/accounts/${user.accountId}/messages`;

describe('problem details at the edge', () => {
  it('answers an unknown route with 404 NOT_FOUND and the request path', async () => {
    const res = await api.get('/v1/nothing-here');
    expectProblem(res, 404, 'NOT_FOUND');
    expect(res.body.instance).toBe('/v1/nothing-here');
  });

  it('answers invalid JSON with 400 INVALID_JSON and stores nothing', async () => {
    const res = await api.post(sendPath(), { token: user.accessToken, rawBody: '{"to": "+1415', headers: { 'content-type': 'application/json' } });
    expectProblem(res, 400, 'INVALID_JSON');
    expect(await messagesOf()).toBe(0);
  });

  it('answers a missing body with 400 BODY_REQUIRED and stores nothing', async () => {
    const res = await api.post(sendPath(), { token: user.accessToken });
    expectProblem(res, 400, 'BODY_REQUIRED');
    expect(await messagesOf()).toBe(0);
  });

  it('names every wrongly typed and unknown field with 400 VALIDATION_FAILED', async () => {
    const res = await api.post(sendPath(), {
      token: user.accessToken,
      body: { to: 14155550100, body: ['x'], priority: 'Soon', colour: 'blue' },
    });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual(['body', 'colour', 'priority', 'to']);
    expect(await messagesOf()).toBe(0);
  });

  it('checks business rules of a send: E.164, both recipient names, clientReference length', async () => {
    const bad = await api.post(sendPath(), { token: user.accessToken, body: { to: '0041 79 123', body: 'x' } });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.errors).toHaveProperty('to');

    const both = await api.post(sendPath(), { token: user.accessToken, body: { to: '+14155550100', destination: '+14155550199', body: 'x' } });
    expectProblem(both, 400, 'VALIDATION_FAILED');

    const long = await api.post(sendPath(), { token: user.accessToken, body: { to: '+14155550100', body: 'x', clientReference: 'r'.repeat(129) } });
    expectProblem(long, 400, 'VALIDATION_FAILED');
    expect(long.body.errors).toHaveProperty('clientReference');

    const none = await api.post(sendPath(), { token: user.accessToken, body: { body: 'x' } });
    expectProblem(none, 400, 'VALIDATION_FAILED');
    expect(await messagesOf()).toBe(0);
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await api.post(sendPath(), { token: user.accessToken, body: { to: '+14155550100', body: 'x'.repeat(1024 * 1024 + 10) } });
    expectProblem(res, 413, 'PAYLOAD_TOO_LARGE');
    expect(await messagesOf()).toBe(0);
  });

  it('refuses a non-JSON media type with 415', async () => {
    const res = await api.post(sendPath(), { token: user.accessToken, rawBody: 'to=+14155550100', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('answers missing and bad credentials with 401 and the right code', async () => {
    expectProblem(await api.post(sendPath(), { body: { to: '+14155550100', body: 'x' } }), 401, 'UNAUTHORIZED');
    expectProblem(await api.get('/v1/auth/me', { token: 'not-a-jwt' }), 401, 'INVALID_TOKEN');
    expectProblem(await api.get('/v1/auth/me', { headers: { authorization: 'Basic abc' } }), 401, 'UNAUTHORIZED');
    expectProblem(await api.post(sendPath(), { apiKey: 'mpk_doesnotexist', body: { to: '+14155550100', body: 'x' } }), 401, 'API_KEY_INVALID');
    // A user-token-only operation refuses an API key.
    const key = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'k' } });
    const withKey = await api.get('/v1/auth/me', { apiKey: key.body.key });
    expectProblem(withKey, 401, 'UNAUTHORIZED');
    expect(withKey.body.authScheme).toBe('Bearer');
    expect(await messagesOf()).toBe(0);
  });

  it('refuses an API key without the right the operation needs with 403', async () => {
    const key = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'reader', rights: ['ReadMessages'] } });
    expect(key.status).toBe(201);
    expectProblem(await api.post(sendPath(), { apiKey: key.body.key, body: { to: '+14155550100', body: 'x' } }), 403, 'FORBIDDEN');
    expect(await messagesOf()).toBe(0);
  });

  it("answers another account's resources with 404, never 403", async () => {
    const other = await signUp(api, 'other');
    expectProblem(await api.get(`/v1/accounts/${other.accountId}`, { token: user.accessToken }), 404, 'NOT_FOUND');
    expectProblem(
      await api.post(`/v1/accounts/${other.accountId}/messages`, { token: user.accessToken, body: { to: '+14155550100', body: 'x' } }),
      404,
      'NOT_FOUND',
    );
    const theirs = await api.post(`/v1/accounts/${other.accountId}/messages`, { token: other.accessToken, body: { to: '+14155550100', body: 'x' } });
    expect(theirs.status).toBe(201);
    expectProblem(await api.get(`/v1/accounts/${user.accountId}/messages/${theirs.body.messageId}`, { token: user.accessToken }), 404, 'NOT_FOUND');
    expectProblem(await api.get(`/v1/accounts/${other.accountId}/messages/${theirs.body.messageId}`, { token: user.accessToken }), 404, 'NOT_FOUND');
    const sub = await api.post(`/v1/accounts/${other.accountId}/subaccounts`, { token: other.accessToken, body: { name: 'theirs' } });
    expectProblem(await api.get(`/v1/accounts/${user.accountId}/subaccounts/${sub.body.subaccountId}`, { token: user.accessToken }), 404, 'NOT_FOUND');
    expectProblem(
      await api.post(`/v1/subaccounts/${sub.body.subaccountId}/messages`, { token: user.accessToken, body: { to: '+14155550100', body: 'x' } }),
      404,
      'NOT_FOUND',
    );
    expect(await messagesOf()).toBe(0);
  });
});
