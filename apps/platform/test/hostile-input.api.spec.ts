import { signUp, type SignedUpUser } from './support/journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';

/**
 * Issue 8 point 9, as a fuzzer found it: input that storage cannot hold or
 * that is far too long is refused with 400 naming the field, and an error
 * about a huge value never stalls the gRPC channel for the next call.
 */
let booted: BootedPlatform;
let user: SignedUpUser;

beforeAll(async () => {
  booted = await sharedPlatform();
  user = await signUp(booted.api, 'hostile');
});
afterAll(() => booted.stop());

const expectFieldRefused = (res: { status: number; body: { code?: string; errors?: Record<string, string[]> } }, field: string) => {
  expect({ status: res.status, code: res.body?.code, fields: Object.keys(res.body?.errors ?? {}) }).toEqual({
    status: 400,
    code: 'VALIDATION_FAILED',
    fields: [field],
  });
};

describe('characters storage cannot hold', () => {
  it('a NUL in an API key name is 400 naming `name`, and no key is stored', async () => {
    const res = await booted.api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'a\u0000b' } });
    expectFieldRefused(res, 'name');
    const keys = await booted.api.get('/v1/api-keys', { token: user.accessToken });
    expect(keys.body.items).toEqual([]);
  });

  it('a lone surrogate in a subaccount name is 400 naming `name`', async () => {
    const res = await booted.api.request('POST', `/v1/accounts/${user.accountId}/subaccounts`, {
      token: user.accessToken,
      rawBody: '{"name":"x\\ud800y"}',
      headers: { 'content-type': 'application/json' },
    });
    expectFieldRefused(res, 'name');
  });

  it('a NUL in a query value is 400 naming the parameter', async () => {
    const res = await booted.api.get(`/v1/accounts/${user.accountId}/messages?clientReference=a%00b`, { token: user.accessToken });
    expectFieldRefused(res, 'clientReference');
  });

  it('a NUL in a path id is 400 naming the parameter', async () => {
    const res = await booted.api.get(`/v1/accounts/${user.accountId}/messages/a%00b`, { token: user.accessToken });
    expectFieldRefused(res, 'messageId');
  });
});

describe('oversized strings', () => {
  it('a 100,000-character provider on unlink is 400 at once, and the next identity call still answers', async () => {
    const started = Date.now();
    const res = await booted.api.post('/v1/auth/unlink', { token: user.accessToken, body: { provider: 'p'.repeat(100_000) } });
    expectFieldRefused(res, 'provider');
    expect(res.text.length).toBeLessThan(2_000);
    const next = await booted.api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'after the long provider' } });
    expect(next.status).toBe(201);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('a name over its published maxLength is 400 naming the field', async () => {
    const res = await booted.api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'n'.repeat(10_000) } });
    expectFieldRefused(res, 'name');
    expect(res.text.length).toBeLessThan(2_000);
  });
});
