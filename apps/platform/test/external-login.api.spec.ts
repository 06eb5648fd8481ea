import { randomUUID } from 'node:crypto';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload, type KeyLike } from 'jose';
import { ApiClient } from './support/api-client';
import { sandboxNumber, signUp, uniqueEmail, type SignedUpUser } from './support/journeys';
import { emailCode, enableMfa, mailedValue, mailsMatching, nextStep, platformNow, stepUpWithAuthenticator } from './support/mfa-journeys';
import { bootPlatform, countRows, type BootedPlatform } from './support/platform-fixture';
import { totp } from './support/totp';

const ISSUER = 'https://id.example.test';
const AUDIENCE = 'messaging-platform-client';

let booted: BootedPlatform;
let api: ApiClient;
let jwksServer: Server;
let signingKey: KeyLike;
let strangerKey: KeyLike;

/**
 * The platform reads at most this much of an issuer's key set answer (MAX_ANSWER_BYTES of
 * @mp/service-host, the cap of every outbound HTTP answer); docs/service-contracts.md "External sign-in".
 */
const KEY_SET_CAP = 1024 * 1024;

/**
 * Key set answers past the cap, each holding the issuer's real key: read whole, the sign-in would succeed.
 * `stalled` sends its headers and then nothing, until the client goes.
 */
const OVERSIZED_ANSWERS: Record<string, (res: ServerResponse, keySet: object) => void> = {
  'declared-length': (res, keySet) => {
    const body = JSON.stringify({ ...keySet, padding: 'x'.repeat(KEY_SET_CAP) });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body);
  },
  // Chunked (no length said): 64 MiB of JSON white space after the keys, written as the client reads it.
  chunked: (res, keySet) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(JSON.stringify(keySet).slice(0, -1));
    const space = Buffer.alloc(64 * 1024, ' ');
    let left = 1024;
    const more = () => {
      while (left > 0 && !res.destroyed) {
        left--;
        if (!res.write(space)) return void res.once('drain', more);
      }
      if (!res.destroyed) res.end('}');
    };
    more();
  },
  stalled: (res) => void res.writeHead(200, { 'content-type': 'application/json' }).write('{"keys":['),
};

/** A tiny issuer: its JWKS over HTTP on 127.0.0.1, as the platform fetches it (/jwks/<answer> for the answers past the cap). */
beforeAll(async () => {
  ({ privateKey: signingKey } = await generateKeyPair('RS256').then(async (pair) => {
    const keySet = { keys: [{ ...(await exportJWK(pair.publicKey)), kid: 'key-1', alg: 'RS256', use: 'sig' }] };
    jwksServer = createServer((req, res) => {
      const oversized = OVERSIZED_ANSWERS[req.url?.replace('/jwks/', '') ?? ''];
      if (oversized) return oversized(res, keySet);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(keySet));
    });
    return pair;
  }));
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const jwksUri = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}/jwks`;
  booted = await bootPlatform({
    EXTERNAL_IDENTITY_PROVIDERS: JSON.stringify([
      { name: 'example', issuer: ISSUER, jwksUri, audience: AUDIENCE },
      { name: 'second', issuer: 'https://second.example.test', jwksUri, audience: AUDIENCE },
      // Nothing listens on port 1: the issuer's keys cannot be fetched.
      { name: 'down', issuer: 'https://down.example.test', jwksUri: 'http://127.0.0.1:1/jwks', audience: AUDIENCE },
      ...Object.keys(OVERSIZED_ANSWERS).map((name) => ({ name, issuer: ISSUER, jwksUri: `${jwksUri}/${name}`, audience: AUDIENCE })),
    ]),
  });
  api = booted.api;
});
afterAll(async () => {
  await booted?.stop();
  jwksServer.closeAllConnections(); // the stalled and chunked answers' connections too, if still open
  await new Promise((resolve) => jwksServer.close(resolve));
});

/** An id token issued now by the platform's (sandbox) clock, valid 10 minutes. */
async function idToken(claims: JWTPayload, opts: { key?: KeyLike; issuer?: string } = {}): Promise<string> {
  const iat = Math.floor((await platformNow(api)).getTime() / 1000);
  return new SignJWT({ iss: opts.issuer ?? ISSUER, aud: AUDIENCE, iat, exp: iat + 600, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'key-1' })
    .sign(opts.key ?? signingKey);
}

const externalLogin = async (claims: JWTPayload, provider = 'example', opts: { key?: KeyLike; issuer?: string } = {}) =>
  api.post('/v1/auth/external-login', { body: { provider, idToken: await idToken(claims, opts) } });

const stored = async () => ({
  identities: await countRows(booted.platform, 'identity', 'external_identities'),
  users: await countRows(booted.platform, 'identity', 'users'),
  accounts: await countRows(booted.platform, 'identity', 'accounts'),
});

const identitiesOf = async (accessToken: string) => (await api.get('/v1/auth/identities', { token: accessToken })).body.items;

/** A step-up token from the emailed one-time code (users without MFA). */
async function stepUpByEmail(user: { email: string; accessToken: string }, action: string): Promise<string> {
  const seen = await mailsMatching(api, user.email, /Your code: \d{6}/);
  const issued = await api.post('/v1/email-otp/issue', { token: user.accessToken, body: { action } });
  expect(issued.status).toBe(200);
  const code = await emailCode(api, user.email, seen);
  const res = await api.post('/v1/email-otp/verify', { token: user.accessToken, body: { action, code } });
  expect(res.status).toBe(200);
  return res.body.stepUpToken;
}

describe('POST /v1/auth/external-login', () => {
  it('creates an active account for a new verified identity, signs it in, and refuses password login for it', async () => {
    const email = uniqueEmail('oidc-new');
    const sub = randomUUID();
    const res = await externalLogin({ sub, email, email_verified: true, name: 'New Org' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ accessToken: expect.any(String), refreshToken: expect.any(String), expiresIn: 900 });

    const me = await api.get('/v1/auth/me', { token: res.body.accessToken });
    expect(me.body).toMatchObject({ email, role: 'Admin', status: 'active' });
    const account = await api.get(`/v1/accounts/${me.body.accountId}`, { token: res.body.accessToken });
    expect(account.body).toMatchObject({ status: 'active' });
    expect(await identitiesOf(res.body.accessToken)).toEqual([
      { identityId: expect.any(String), provider: 'example', subject: sub, email, linkedAt: expect.any(String), unlinkedAt: null },
    ]);
    // Activation provisions the sandbox number, as after a verified registration.
    expect(await sandboxNumber(api, res.body.accessToken)).toMatch(/^\+\d+$/);

    const password = await api.post('/v1/auth/login', { body: { email, password: 'any password at all' } });
    expect(password.status).toBe(401);
    expect(password.body.code).toBe('UNAUTHORIZED');

    // Returning: the same user, nothing new stored.
    const before = await stored();
    const again = await externalLogin({ sub, email, email_verified: true });
    expect(again.status).toBe(200);
    expect((await api.get('/v1/auth/me', { token: again.body.accessToken })).body.userId).toBe(me.body.userId);
    expect(await stored()).toEqual(before);
  });

  it('links an existing user whose email is verified', async () => {
    const user = await signUp(api, 'oidc-link');
    const res = await externalLogin({ sub: randomUUID(), email: user.email, email_verified: true });
    expect(res.status).toBe(200);
    expect((await api.get('/v1/auth/me', { token: res.body.accessToken })).body.userId).toBe(user.userId);
    expect(await identitiesOf(user.accessToken)).toHaveLength(1);
  });

  it('asks a user with MFA for the second factor, like login', async () => {
    const user = await signUp(api, 'oidc-mfa');
    const { secret } = await enableMfa(api, user);
    const sub = randomUUID();
    const res = await externalLogin({ sub, email: user.email, email_verified: true });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'MFA_REQUIRED', mfaToken: expect.any(String), mfaTokenExpiresAt: expect.any(String) });
    expect(res.body.mfaMethods).toEqual(expect.arrayContaining(['totp', 'recovery_code']));
    expect(res.body.accessToken).toBeUndefined();
    await nextStep(api, user.accessToken);
    const done = await api.post('/v1/auth/login/mfa', { body: { mfaToken: res.body.mfaToken, method: 'totp', code: totp(secret, await platformNow(api)) } });
    expect(done.status).toBe(200);
    expect((await api.get('/v1/auth/me', { token: done.body.accessToken })).body.userId).toBe(user.userId);
  });

  it('answers MFA_ENROLLMENT_REQUIRED for a user without MFA on an account that requires it', async () => {
    const admin = await signUp(api, 'oidc-policy');
    const memberEmail = uniqueEmail('oidc-member');
    expect((await api.post('/v1/account/users', { token: admin.accessToken, body: { email: memberEmail, role: 'Member' } })).status).toBe(201);
    const invitation = await mailedValue(api, memberEmail, /Invitation token: (\S+)/);
    expect((await api.post('/v1/auth/accept-invitation', { body: { token: invitation, password: 'member password 123' } })).status).toBe(200);
    const { secret } = await enableMfa(api, admin);
    const stepUp = await stepUpWithAuthenticator(api, admin.accessToken, secret, 'AccountSecurityPolicy');
    const policy = await api.put(`/v1/accounts/${admin.accountId}/security-policy`, { token: admin.accessToken, body: { requireMfa: true }, headers: { 'x-step-up-token': stepUp } });
    expect(policy.status).toBe(200);

    const res = await externalLogin({ sub: randomUUID(), email: memberEmail, email_verified: true });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ code: 'MFA_ENROLLMENT_REQUIRED', enrollmentToken: expect.any(String), enrollmentTokenExpiresAt: expect.any(String) });
    expect(res.body.accessToken).toBeUndefined();
  });

  describe('refuses, storing nothing', () => {
    const fresh = () => ({ sub: randomUUID(), email: uniqueEmail('oidc-bad'), email_verified: true });
    const hs256 = async () =>
      new SignJWT({ ...fresh(), iss: ISSUER, aud: AUDIENCE })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt(Math.floor((await platformNow(api)).getTime() / 1000))
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode('a shared secret that is public anyway'));
    const unsigned = async () => {
      const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
      const iat = Math.floor((await platformNow(api)).getTime() / 1000);
      return `${part({ alg: 'none', typ: 'JWT' })}.${part({ ...fresh(), iss: ISSUER, aud: AUDIENCE, iat, exp: iat + 600 })}.`;
    };
    const cases: Array<[string, () => Promise<{ provider: string; idToken: string }>, number, string, RegExp]> = [
      ['a token signed by another key', async () => ({ provider: 'example', idToken: await idToken(fresh(), { key: strangerKey }) }), 401, 'INVALID_TOKEN', /signature/],
      ['a token of another issuer', async () => ({ provider: 'example', idToken: await idToken(fresh(), { issuer: 'https://evil.test' }) }), 401, 'INVALID_TOKEN', /"iss"/],
      ['a token for another audience', async () => ({ provider: 'example', idToken: await idToken({ ...fresh(), aud: 'another-client' }) }), 401, 'INVALID_TOKEN', /"aud"/],
      ['a token without sub', async () => ({ provider: 'example', idToken: await idToken({ email: uniqueEmail(), email_verified: true }) }), 401, 'INVALID_TOKEN', /"sub"/],
      ['an unsigned token (alg none)', async () => ({ provider: 'example', idToken: await unsigned() }), 401, 'INVALID_TOKEN', /algorithm/],
      ['an HS256 token', async () => ({ provider: 'example', idToken: await hs256() }), 401, 'INVALID_TOKEN', /algorithm/],
      ['an identity whose email is not verified', async () => ({ provider: 'example', idToken: await idToken({ ...fresh(), email_verified: false }) }), 401, 'UNAUTHORIZED', /vouch/],
    ];
    it.each(cases)('%s', async (_what, body, status, code, detail) => {
      const before = await stored();
      const res = await api.post('/v1/auth/external-login', { body: await body() });
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject({ code, detail: expect.stringMatching(detail), instance: '/v1/auth/external-login' });
      expect(res.body.accessToken).toBeUndefined();
      expect(await stored()).toEqual(before);
    });

    it('a provider whose keys cannot be fetched (503 EXTERNAL_SERVICE_ERROR)', async () => {
      const before = await stored();
      const res = await externalLogin(fresh(), 'down', { issuer: 'https://down.example.test' });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ code: 'EXTERNAL_SERVICE_ERROR', detail: expect.stringMatching(/down/) });
      expect(await stored()).toEqual(before);
    });

    // Within the gateway's 10 s deadline: the key set fetch gives up after 5 s or 1 MiB, whichever comes first.
    it.each(Object.keys(OVERSIZED_ANSWERS))('a provider whose key set answer is over 1 MiB or never ends (%s): 503 EXTERNAL_SERVICE_ERROR, every time', async (provider) => {
      const before = await stored();
      for (let attempt = 1; attempt <= 2; attempt++) {
        const res = await externalLogin(fresh(), provider);
        expect({ attempt, status: res.status, code: res.body.code, detail: res.body.detail }).toEqual({
          attempt,
          status: 503,
          code: 'EXTERNAL_SERVICE_ERROR',
          detail: expect.stringContaining(provider),
        });
      }
      expect(await stored()).toEqual(before);
    });

    it('an expired token (sandbox clock advanced past exp)', async () => {
      const user = await signUp(api, 'oidc-clock');
      const token = await idToken(fresh());
      await api.post('/v1/sandbox/clock/advance', { token: user.accessToken, body: { seconds: 11 * 60 } });
      const before = await stored();
      const res = await api.post('/v1/auth/external-login', { body: { provider: 'example', idToken: token } });
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('TOKEN_EXPIRED');
      expect(await stored()).toEqual(before);
    });

    it('an unknown provider and missing fields (400 VALIDATION_FAILED)', async () => {
      const before = await stored();
      const unknown = await api.post('/v1/auth/external-login', { body: { provider: 'github', idToken: await idToken(fresh()) } });
      expect(unknown.status).toBe(400);
      expect(unknown.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { provider: [`must be one of example, second, down, ${Object.keys(OVERSIZED_ANSWERS).join(', ')}`] } });
      const missing = await api.post('/v1/auth/external-login', { body: {} });
      expect(missing.status).toBe(400);
      expect(missing.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(missing.body.errors).join(' ')).toMatch(/provider/);
      expect(Object.keys(missing.body.errors).join(' ')).toMatch(/idToken/);
      const blank = await api.post('/v1/auth/external-login', { body: { provider: ' ', idToken: '' } });
      expect(blank.status).toBe(400);
      expect(blank.body.errors).toEqual({ provider: ['is required'], idToken: ['is required'] });
      expect(await stored()).toEqual(before);
    });
  });
});

describe('POST /v1/auth/unlink', () => {
  let user: SignedUpUser;

  beforeAll(async () => {
    user = await signUp(api, 'oidc-unlink');
    expect((await externalLogin({ sub: randomUUID(), email: user.email, email_verified: true })).status).toBe(200);
  });

  it('needs a step-up token for UnlinkIdentity', async () => {
    const none = await api.post('/v1/auth/unlink', { token: user.accessToken, body: { provider: 'example' } });
    expect(none.status).toBe(403);
    expect(none.body).toMatchObject({ code: 'STEP_UP_REQUIRED', action: 'UnlinkIdentity' });
    const wrongAction = await stepUpByEmail(user, 'MfaManage');
    const mismatch = await api.post('/v1/auth/unlink', { token: user.accessToken, body: { provider: 'example' }, headers: { 'x-step-up-token': wrongAction } });
    expect(mismatch.status).toBe(403);
    expect(mismatch.body.code).toBe('ACTION_MISMATCH');
    const unknown = await api.post('/v1/auth/unlink', { token: user.accessToken, body: { provider: 'second', password: 12345 } });
    expect(unknown.status).toBe(404);
    const noProvider = await api.post('/v1/auth/unlink', { token: user.accessToken, body: {} });
    expect(noProvider.status).toBe(400);
    expect(noProvider.body.code).toBe('VALIDATION_FAILED');
    expect(await identitiesOf(user.accessToken)).toHaveLength(1);
  });

  it('ignores a password field and unlinks; the identity no longer signs in and is not linked back by email', async () => {
    const stepUp = await stepUpByEmail(user, 'UnlinkIdentity');
    const res = await api.post('/v1/auth/unlink', {
      token: user.accessToken,
      body: { provider: 'example', password: 'definitely not the password' },
      headers: { 'x-step-up-token': stepUp },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'example', email: user.email, unlinkedAt: expect.any(String) });
    expect(await identitiesOf(user.accessToken)).toEqual([]);

    const before = await stored();
    const again = await externalLogin({ sub: res.body.subject, email: user.email, email_verified: true });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ code: 'UNAUTHORIZED', reason: 'NOT_LINKABLE', externalEmail: user.email });
    expect(await stored()).toEqual(before);
  });

  it('refuses to unlink the only way in (409 CONFLICT), leaving the step-up token usable', async () => {
    const email = uniqueEmail('oidc-only');
    const signedIn = await externalLogin({ sub: randomUUID(), email, email_verified: true });
    const only = { email, accessToken: signedIn.body.accessToken as string };
    const stepUp = await stepUpByEmail(only, 'UnlinkIdentity');
    const refused = await api.post('/v1/auth/unlink', { token: only.accessToken, body: { provider: 'example' }, headers: { 'x-step-up-token': stepUp } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'CONFLICT', reason: 'ONLY_SIGN_IN_METHOD' });
    expect(await identitiesOf(only.accessToken)).toHaveLength(1);

    // A second identity makes the first one removable, with the same step-up token.
    expect((await externalLogin({ sub: randomUUID(), email, email_verified: true }, 'second', { issuer: 'https://second.example.test' })).status).toBe(200);
    const done = await api.post('/v1/auth/unlink', { token: only.accessToken, body: { provider: 'example' }, headers: { 'x-step-up-token': stepUp } });
    expect(done.status).toBe(200);
    expect((await identitiesOf(only.accessToken)).map((i: { provider: string }) => i.provider)).toEqual(['second']);
  });
});
