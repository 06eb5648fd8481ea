import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { identityService } from '../identity.module';
import { sha256Hex } from '../shared/secret-token';
import { consumeRefreshToken, findRefreshToken } from './sessions.repository';
import { as, codeOf, PASSWORD, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';

let h: IdentityHarness;
beforeAll(async () => {
  h = await startIdentity();
});
afterAll(() => h.close());

async function verifyAccessToken(token: string) {
  const { jwksJson } = await h.handlers.getSigningKeys({}, as());
  const { payload } = await jwtVerify(token, createLocalJWKSet(JSON.parse(jwksJson)), {
    issuer: 'messaging-platform',
    audience: 'messaging-platform-api',
    currentDate: h.clock.now(),
  });
  return payload;
}

describe('sessions (service, embedded database)', () => {
  it('signs in with a Bearer pair whose access token verifies against the published JWKS', async () => {
    // The sandbox clock follows real time, so a second may turn during sign-up.
    const before = Math.floor(h.clock.now().getTime() / 1000);
    const { tokens, accountId, userId } = await signUp(h);
    const after = Math.floor(h.clock.now().getTime() / 1000);
    expect(tokens).toMatchObject({ expiresIn: 900, tokenType: 'Bearer', refreshToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });

    const { jwksJson } = await h.handlers.getSigningKeys({}, as());
    const jwks = JSON.parse(jwksJson);
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA', kid: expect.any(String) });
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(decodeProtectedHeader(tokens.accessToken)).toMatchObject({ alg: 'EdDSA', kid: jwks.keys[0].kid });

    const claims = await verifyAccessToken(tokens.accessToken);
    expect(claims).toMatchObject({ sub: userId, acc: accountId, typ: 'access', sid: expect.any(String) });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(after);

    const principal = await h.handlers.authenticateAccessToken({ sessionId: claims.sid as string, userId }, as());
    expect(principal).toEqual({ kind: 'user', accountId, userId, role: 'Admin', subaccountId: undefined, rights: [] });
  });

  it('keeps the signing key across a restart of the module (same database)', async () => {
    const before = (await h.handlers.getSigningKeys({}, as())).jwksJson;
    const again = await identityService.create(h.deps);
    expect((await again.handlers.getSigningKeys({}, as())).jwksJson).toBe(before);
  });

  it('rotates refresh tokens, and a replayed token revokes the whole family', async () => {
    const { tokens, userId } = await signUp(h);
    const sid = (await verifyAccessToken(tokens.accessToken)).sid as string;

    const second = await h.handlers.refreshToken({ refreshToken: tokens.refreshToken }, as());
    expect(second.refreshToken).not.toBe(tokens.refreshToken);
    expect((await verifyAccessToken(second.accessToken)).sid).toBe(sid); // same family
    const third = await h.handlers.refreshToken({ refreshToken: second.refreshToken }, as());

    // Replaying the first (already rotated) token...
    expect(await codeOf(h.handlers.refreshToken({ refreshToken: tokens.refreshToken }, as()))).toBe('TOKEN_REVOKED');
    // ...kills the newest token of the family and the session behind every access token.
    expect(await codeOf(h.handlers.refreshToken({ refreshToken: third.refreshToken }, as()))).toBe('TOKEN_REVOKED');
    expect(await codeOf(h.handlers.authenticateAccessToken({ sessionId: sid, userId }, as()))).toBe('TOKEN_REVOKED');
  });

  it('leaves other sessions of the same user alone when one family is revoked', async () => {
    const { email, tokens } = await signUp(h);
    const other = await h.handlers.login({ email, password: PASSWORD }, as());
    await h.handlers.refreshToken({ refreshToken: tokens.refreshToken }, as());
    await codeOf(h.handlers.refreshToken({ refreshToken: tokens.refreshToken }, as()));
    await expect(h.handlers.refreshToken({ refreshToken: other.refreshToken }, as())).resolves.toMatchObject({ tokenType: 'Bearer' });
  });

  it('lets exactly one of two concurrent refreshes with the same token win', async () => {
    const { tokens } = await signUp(h);
    const results = await Promise.all([
      codeOf(h.handlers.refreshToken({ refreshToken: tokens.refreshToken }, as())),
      codeOf(h.handlers.refreshToken({ refreshToken: tokens.refreshToken }, as())),
    ]);
    expect(results.sort()).toEqual(['TOKEN_REVOKED', 'ok']);
  });

  it('marks a refresh token used with a conditional update that only one caller can win', async () => {
    const { tokens } = await signUp(h);
    const row = await findRefreshToken(h.db, sha256Hex(tokens.refreshToken));
    const consume = () => h.db.transaction((trx) => consumeRefreshToken(trx, row!.id, h.clock.now()));
    expect(await consume()).toBe(true);
    expect(await consume()).toBe(false);
  });

  it('answers INVALID_TOKEN for an unknown token and TOKEN_EXPIRED after 30 days', async () => {
    expect(await codeOf(h.handlers.refreshToken({ refreshToken: 'A'.repeat(43) }, as()))).toBe('INVALID_TOKEN');
    expect(await codeOf(h.handlers.refreshToken({ refreshToken: 'not a token' }, as()))).toBe('INVALID_TOKEN');
    const { tokens } = await signUp(h);
    h.clock.advance(30 * 24 * 3600);
    expect(await codeOf(h.handlers.refreshToken({ refreshToken: tokens.refreshToken }, as()))).toBe('TOKEN_EXPIRED');
  });

  it('stops authenticating a deactivated user', async () => {
    const { tokens, userId } = await signUp(h);
    const sid = (await verifyAccessToken(tokens.accessToken)).sid as string;
    await h.db('users').where({ id: userId }).update({ status: 'inactive' });
    expect(await codeOf(h.handlers.authenticateAccessToken({ sessionId: sid, userId }, as()))).toBe('USER_INACTIVE');
    expect(await codeOf(h.handlers.refreshToken({ refreshToken: tokens.refreshToken }, as()))).toBe('USER_INACTIVE');
  });

  it('refuses a session id presented with another user id', async () => {
    const a = await signUp(h);
    const b = await signUp(h);
    const sid = (await verifyAccessToken(a.tokens.accessToken)).sid as string;
    expect(await codeOf(h.handlers.authenticateAccessToken({ sessionId: sid, userId: b.userId }, as()))).toBe('TOKEN_REVOKED');
    expect(await codeOf(h.handlers.authenticateAccessToken({ sessionId: 'nope', userId: a.userId }, as()))).toBe('TOKEN_REVOKED');
  });
});
