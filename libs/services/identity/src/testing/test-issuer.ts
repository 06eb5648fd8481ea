import { randomUUID } from 'node:crypto';
import { createLocalJWKSet, exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload, type KeyLike } from 'jose';
import type { ExternalProviderConfig } from '../external-identities/external-provider-config';
import type { KeySetFactory } from '../external-identities/external-provider-registry';

/** An OpenID Connect issuer for tests: its key pair, its public JWKS and id tokens it signs. */
export interface TestIssuer {
  config: ExternalProviderConfig;
  jwks: { keys: JWK[] };
  /** An id token for `claims` (sub, email...), issued at `now`, valid 10 minutes unless claims say otherwise. */
  idToken(claims: JWTPayload, now: Date, opts?: { key?: KeyLike; kid?: string; alg?: string }): Promise<string>;
  privateKey: KeyLike;
}

export async function createTestIssuer(name: string, audience = `${name}-client-id`): Promise<TestIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = `${name}-key-1`;
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  const config = { name, issuer: `https://${name}.issuer.test`, jwksUri: `https://${name}.issuer.test/jwks`, audience };
  return {
    config,
    jwks,
    privateKey,
    async idToken(claims, now, opts = {}) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({ iss: config.issuer, aud: audience, iat, exp: iat + 600, jti: randomUUID(), ...claims })
        .setProtectedHeader({ alg: opts.alg ?? 'RS256', kid: opts.kid ?? kid })
        .sign(opts.key ?? privateKey);
    },
  };
}

/** Key sets read from the test issuers instead of fetched over the network. */
export function localKeySets(issuers: TestIssuer[]): KeySetFactory {
  return (provider) => {
    const issuer = issuers.find((i) => i.config.name === provider.name);
    if (!issuer) throw new Error(`no test issuer ${provider.name}`);
    return createLocalJWKSet(issuer.jwks);
  };
}

/** An unsigned token (`alg: none`), as an attacker would send one. */
export function unsignedToken(payload: JWTPayload): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
}
