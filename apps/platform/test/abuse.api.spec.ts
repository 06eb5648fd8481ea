import { generateKeyPair, SignJWT, decodeProtectedHeader, decodeJwt } from 'jose';
import { ApiClient, type ApiResponse } from './support/api-client';
import { signUp, uniqueEmail, type SignedUpUser } from './support/journeys';
import { enableMfa, mailedValue, platformNow } from './support/mfa-journeys';
import { bootPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;
/** Drives the sandbox clock; an API key does not expire when the clock moves. */
let operatorKey: string;

const PER_IP = 20;
const PER_ACCOUNT = 4;
const LOCK_THRESHOLD = 3;
const LOCK_SECONDS = 900;

beforeAll(async () => {
  booted = await bootPlatform({
    SIGN_IN_LIMIT_PER_IP_PER_MINUTE: String(PER_IP),
    SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE: String(PER_ACCOUNT),
    SIGN_IN_LOCKOUT_THRESHOLD: String(LOCK_THRESHOLD),
    SIGN_IN_LOCKOUT_WINDOW_SECONDS: '900',
    SIGN_IN_LOCKOUT_SECONDS: String(LOCK_SECONDS),
    // Its own counters: other suites' platforms share the Redis and the loopback address.
    RATE_LIMIT_KEY_PREFIX: `test:abuse:${Date.now()}:`,
  });
  api = booted.api;
  const operator = await signUp(api, 'operator');
  operatorKey = (await api.post('/v1/api-keys', { token: operator.accessToken, body: { name: 'clock' } })).body.key;
});
afterAll(() => booted.stop());

const advance = async (seconds: number) => {
  const res = await api.post('/v1/sandbox/clock/advance', { apiKey: operatorKey, body: { seconds } });
  if (res.status !== 200) throw new Error(`clock/advance answered ${res.status}: ${res.text}`);
};

/**
 * Throttle windows are fixed minutes of the platform clock: start each count
 * one second into a fresh minute, so it cannot straddle a window's end.
 */
async function freshWindow(): Promise<void> {
  const intoMinute = (await platformNow(api)).getTime() % 60_000;
  await advance((60_000 - intoMinute + 1000) / 1000);
}

beforeEach(() => freshWindow());

const login = (email: string, password: string) => api.post('/v1/auth/login', { body: { email, password } });
const sessionsOf = (user: SignedUpUser) => countRows(booted.platform, 'identity', 'sessions', { user_id: user.userId });
const withoutTrace = (body: Record<string, unknown>) => ({ ...body, traceId: '<trace>' });

function expectTooMany(res: ApiResponse, code: 'IP_THROTTLED' | 'RATE_LIMITED') {
  expect(res.status).toBe(429);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status: 429, code, retryAfterSeconds: expect.any(Number) });
  expect(res.body.retryAfterSeconds).toBeGreaterThanOrEqual(1);
  expect(res.body.retryAfterSeconds).toBeLessThanOrEqual(60);
  expect(res.headers.get('retry-after')).toBe(String(res.body.retryAfterSeconds));
  // The RateLimit headers name the sign-in policy that refused.
  expect(rateLimitHeaders(res)).toEqual({ limit: code === 'IP_THROTTLED' ? PER_IP : PER_ACCOUNT, remaining: 0, reset: res.body.retryAfterSeconds });
  expect(res.body.accessToken).toBeUndefined();
}

const rateLimitHeaders = (res: ApiResponse) => ({
  limit: Number(res.headers.get('ratelimit-limit')),
  remaining: Number(res.headers.get('ratelimit-remaining')),
  reset: Number(res.headers.get('ratelimit-reset')),
});

describe('sign-in throttle', () => {
  it('throttles an address across accounts with 429 IP_THROTTLED, refusing register too, until the window ends', async () => {
    const statuses = [];
    for (let i = 0; i < PER_IP; i++) statuses.push((await login(uniqueEmail('probe'), 'guessed password')).status);
    expect(statuses).toEqual(Array(PER_IP).fill(401));

    expectTooMany(await login(uniqueEmail('probe'), 'guessed password'), 'IP_THROTTLED');
    const accounts = await countRows(booted.platform, 'identity', 'accounts');
    const email = uniqueEmail('throttled');
    const register = await api.post('/v1/register', { body: { email, password: 'long enough password', organizationName: 'Acme' } });
    expectTooMany(register, 'IP_THROTTLED');
    expect(await countRows(booted.platform, 'identity', 'accounts')).toBe(accounts);
    expect(await countRows(booted.platform, 'identity', 'outgoing_mail', { to_address: email })).toBe(0);

    await freshWindow();
    expect((await login(uniqueEmail('probe'), 'guessed password')).status).toBe(401);
  });

  it('throttles one account with 429 RATE_LIMITED, issuing no tokens even for the right password, while others sign in', async () => {
    const user = await signUp(api, 'busy');
    await freshWindow();
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await login(user.email, user.password)).status).toBe(200);
    const sessions = await sessionsOf(user);

    const refused = await login(` ${user.email.toUpperCase()} `, user.password);
    expectTooMany(refused, 'RATE_LIMITED');
    expect(refused.body.refreshToken).toBeUndefined();
    expect(await sessionsOf(user)).toBe(sessions);

    const other = await signUp(api, 'calm');
    expect((await login(other.email, other.password)).status).toBe(200);
  });

  it('throttles the second sign-in step per mfaToken', async () => {
    const user = await signUp(api, 'mfa-throttle');
    await enableMfa(api, user);
    await freshWindow();
    const challenge = await login(user.email, user.password);
    expect(challenge.body.code).toBe('MFA_REQUIRED');
    const sessions = await sessionsOf(user);
    const statuses = [];
    for (let i = 0; i < PER_ACCOUNT; i++) {
      statuses.push((await api.post('/v1/auth/login/mfa', { body: { mfaToken: challenge.body.mfaToken, method: 'totp', code: '000000' } })).status);
    }
    expect(statuses.every((s) => s !== 429)).toBe(true);
    expectTooMany(await api.post('/v1/auth/login/mfa', { body: { mfaToken: challenge.body.mfaToken, method: 'totp', code: '000000' } }), 'RATE_LIMITED');
    expect(await sessionsOf(user)).toBe(sessions);
  });

  it('throttles code routes per signed-in user: a refused code request mails nothing', async () => {
    const user = await signUp(api, 'codes');
    await freshWindow();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expect((await api.post('/v1/email-otp/issue', { token: user.accessToken, body: { action: 'MfaManage' } })).status).toBe(200);
    }
    const mails = await countRows(booted.platform, 'identity', 'outgoing_mail', { to_address: user.email, kind: 'step_up_code' });
    expectTooMany(await api.post('/v1/email-otp/issue', { token: user.accessToken, body: { action: 'MfaManage' } }), 'RATE_LIMITED');
    expectTooMany(await api.post('/v1/email-otp/verify', { token: user.accessToken, body: { action: 'MfaManage', code: '123456' } }), 'RATE_LIMITED');
    expect(await countRows(booted.platform, 'identity', 'outgoing_mail', { to_address: user.email, kind: 'step_up_code' })).toBe(mails);

    // Another user from the same address is not held back by the first one's count.
    const other = await signUp(api, 'codes-other');
    expect((await api.post('/v1/email-otp/issue', { token: other.accessToken, body: { action: 'MfaManage' } })).status).toBe(200);
  });
});

describe('sign-in lockout', () => {
  it('locks after repeated wrong passwords, refuses the right one too, mails the owner once, and opens again', async () => {
    const user = await signUp(api, 'locked');
    await freshWindow();
    const sessions = await sessionsOf(user);
    expect((await login(user.email, 'wrong 1')).body.code).toBe('UNAUTHORIZED');
    expect((await login(user.email, 'wrong 2')).body.code).toBe('UNAUTHORIZED');
    const locking = await login(user.email, 'wrong 3');
    expect(locking.status).toBe(403);
    expect(locking.body).toMatchObject({ code: 'ACCOUNT_LOCKED', retryAfterSeconds: expect.any(Number), lockedUntil: expect.any(String) });
    expect(locking.body.retryAfterSeconds).toBeGreaterThan(LOCK_SECONDS - 5);
    expect(locking.body.retryAfterSeconds).toBeLessThanOrEqual(LOCK_SECONDS);

    const right = await login(user.email, user.password);
    expect(right.status).toBe(403);
    expect(right.body).toMatchObject({ code: 'ACCOUNT_LOCKED', lockedUntil: locking.body.lockedUntil });
    expect(right.headers.get('retry-after')).toBe(String(right.body.retryAfterSeconds));
    expect(right.body.accessToken).toBeUndefined();
    expect(await sessionsOf(user)).toBe(sessions);

    expect(await mailedValue(api, user.email, /(Your account sign-in was locked) for/)).toBe('Your account sign-in was locked');
    expect(await countRows(booted.platform, 'identity', 'outgoing_mail', { to_address: user.email, kind: 'sign_in_locked' })).toBe(1);

    await advance(LOCK_SECONDS);
    await freshWindow();
    expect((await login(user.email, user.password)).status).toBe(200);
    expect(await sessionsOf(user)).toBe(sessions + 1);
  });

  it('locks an unknown address the same way: the lock tells nothing about who has an account', async () => {
    const user = await signUp(api, 'known');
    await freshWindow();
    const unknown = uniqueEmail('unknown');
    const answers: Record<string, ApiResponse[]> = { known: [], unknown: [] };
    for (let i = 0; i < LOCK_THRESHOLD + 1; i++) {
      answers.known.push(await login(user.email, 'wrong password'));
      answers.unknown.push(await login(unknown, 'wrong password'));
    }
    const shape = (r: ApiResponse) => ({ status: r.status, body: { ...withoutTrace(r.body), retryAfterSeconds: undefined, lockedUntil: undefined, instance: r.body.instance } });
    expect(answers.known.map(shape)).toEqual(answers.unknown.map(shape));
    expect(answers.unknown.map((r) => r.body.code)).toEqual(['UNAUTHORIZED', 'UNAUTHORIZED', 'ACCOUNT_LOCKED', 'ACCOUNT_LOCKED']);
    expect(await countRows(booted.platform, 'identity', 'outgoing_mail', { to_address: unknown })).toBe(0);
  });

  it('resets the count of wrong passwords on a successful sign-in', async () => {
    const user = await signUp(api, 'reset');
    await freshWindow();
    expect((await login(user.email, 'wrong')).status).toBe(401);
    expect((await login(user.email, 'wrong')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
    await freshWindow();
    expect((await login(user.email, 'wrong')).status).toBe(401);
    expect((await login(user.email, 'wrong')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});

describe('no account enumeration', () => {
  it('answers login byte for byte the same for a wrong password and an unknown email', async () => {
    const user = await signUp(api, 'enum-login');
    await freshWindow();
    const known = await login(user.email, 'not the password');
    const unknown = await login(uniqueEmail('enum-nobody'), 'not the password');
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(known.text.replace(known.body.traceId, '<trace>')).toBe(unknown.text.replace(unknown.body.traceId, '<trace>'));
  });

  it('answers register byte for byte the same (modulo ids) for a taken and a new address, and creates nothing for the taken one', async () => {
    const user = await signUp(api, 'enum-register');
    await freshWindow();
    const accounts = await countRows(booted.platform, 'identity', 'accounts');
    const body = (email: string) => ({ email, password: 'long enough password', organizationName: 'Acme' });
    const taken = await api.post('/v1/register', { body: body(user.email) });
    const fresh = await api.post('/v1/register', { body: body(uniqueEmail('enum-new')) });
    expect(taken.status).toBe(201);
    expect(fresh.status).toBe(201);
    const modIds = (r: ApiResponse) => r.text.replace(r.body.accountId, '<account>').replace(r.body.userId, '<user>');
    expect(modIds(taken)).toBe(modIds(fresh));
    expect(taken.body.accountId).not.toBe(user.accountId);
    expect(await countRows(booted.platform, 'identity', 'accounts')).toBe(accounts + 1);
  });
});

describe('access tokens', () => {
  const me = (token: string) => api.get('/v1/auth/me', { token });
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  function expectRefused(res: ApiResponse, code: string) {
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ status: 401, code });
    expect(res.body.userId).toBeUndefined();
  }

  it('refuses tokens not signed by the platform: alg none, HS256 with a guessed key, a foreign EdDSA key, a tampered payload', async () => {
    const user = await signUp(api, 'forged');
    const header = decodeProtectedHeader(user.accessToken);
    const claims = decodeJwt(user.accessToken);
    expect((await me(user.accessToken)).status).toBe(200);

    expectRefused(await me(`${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`), 'INVALID_TOKEN');
    expectRefused(await me(`${b64({ alg: 'none', typ: 'JWT', kid: header.kid })}.${b64(claims)}.`), 'INVALID_TOKEN');

    for (const guess of ['secret', 'messaging-platform', String(header.kid)]) {
      const hs = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid: header.kid }).sign(new TextEncoder().encode(guess));
      expectRefused(await me(hs), 'INVALID_TOKEN');
    }

    const foreign = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    expectRefused(await me(await new SignJWT(claims).setProtectedHeader({ alg: 'EdDSA', kid: header.kid }).sign(foreign.privateKey)), 'INVALID_TOKEN');

    const [h, , signature] = user.accessToken.split('.');
    const other = await signUp(api, 'victim');
    expectRefused(await me(`${h}.${b64({ ...claims, sub: other.userId, acc: other.accountId })}.${signature}`), 'INVALID_TOKEN');
    expectRefused(await me(`${h}.${b64({ ...claims, exp: Number(claims.exp) + 86_400 })}.${signature}`), 'INVALID_TOKEN');
  });

  it('refuses an expired access token with TOKEN_EXPIRED', async () => {
    const user = await signUp(api, 'expiring');
    await advance(901);
    expectRefused(await me(user.accessToken), 'TOKEN_EXPIRED');
    const refreshed = await api.post('/v1/auth/token/refresh', { body: { refreshToken: user.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect((await me(refreshed.body.accessToken)).status).toBe(200);
  });

  it('refuses a refresh token, an mfaToken or an API key as a bearer token, and an access token as a refresh token', async () => {
    const user = await signUp(api, 'wrong-type');
    expectRefused(await me(user.refreshToken), 'INVALID_TOKEN');
    const asRefresh = await api.post('/v1/auth/token/refresh', { body: { refreshToken: user.accessToken } });
    expect(asRefresh.status).toBe(401);
    expect(asRefresh.body.code).toBe('INVALID_TOKEN');
    expect(asRefresh.body.accessToken).toBeUndefined();

    await enableMfa(api, user);
    const challenge = await login(user.email, user.password);
    expect(challenge.body.code).toBe('MFA_REQUIRED');
    expectRefused(await me(challenge.body.mfaToken), 'INVALID_TOKEN');
    expectRefused(await me(operatorKey), 'INVALID_TOKEN');
  });

  it('refuses an access token once its session family was revoked by a replayed refresh token', async () => {
    const user = await signUp(api, 'revoked');
    const rotated = await api.post('/v1/auth/token/refresh', { body: { refreshToken: user.refreshToken } });
    expect(rotated.status).toBe(200);
    expect((await api.post('/v1/auth/token/refresh', { body: { refreshToken: user.refreshToken } })).body.code).toBe('TOKEN_REVOKED');
    expectRefused(await me(user.accessToken), 'TOKEN_REVOKED');
    expectRefused(await me(rotated.body.accessToken), 'TOKEN_REVOKED');
  });
});
