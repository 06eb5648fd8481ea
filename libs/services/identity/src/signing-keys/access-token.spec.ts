import { createLocalJWKSet, decodeProtectedHeader, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import { ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, signAccessToken } from './access-token';
import { publicJwkOf } from './signing-key-store';

describe('access token', () => {
  it('is an EdDSA JWT with kid, the session claims and exp from the given clock', async () => {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwks = { keys: [publicJwkOf({ kid: 'k1', alg: 'EdDSA', public_jwk: await exportJWK(publicKey) })] };
    const now = new Date();
    const token = await signAccessToken({ kid: 'k1', privateKey }, { userId: 'u1', accountId: 'a1', sessionId: 's1' }, now, 900);

    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', kid: 'k1', typ: 'JWT' });
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { issuer: ACCESS_TOKEN_ISSUER, audience: ACCESS_TOKEN_AUDIENCE });
    const iat = Math.floor(now.getTime() / 1000);
    expect(payload).toEqual({
      sub: 'u1',
      acc: 'a1',
      sid: 's1',
      typ: 'access',
      iss: 'messaging-platform',
      aud: 'messaging-platform-api',
      iat,
      exp: iat + 900,
    });
  });

  it('publishes only the public half of a key', async () => {
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const jwk = publicJwkOf({ kid: 'k', alg: 'EdDSA', public_jwk: await exportJWK(privateKey) });
    expect(jwk).not.toHaveProperty('d');
    expect(jwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: 'k', alg: 'EdDSA', use: 'sig' });
  });

  it('is refused once expired by the verifying clock', async () => {
    const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
    const past = new Date(Date.now() - 3600_000);
    const token = await signAccessToken({ kid: 'k1', privateKey }, { userId: 'u', accountId: 'a', sessionId: 's' }, past, 900);
    await expect(jwtVerify(token, publicKey)).rejects.toThrow(/exp/);
  });
});
