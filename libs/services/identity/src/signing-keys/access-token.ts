import { SignJWT } from 'jose';
import { ACCESS_TOKEN_ALG, type ActiveSigningKey } from './signing-key-store';

export const ACCESS_TOKEN_ISSUER = 'messaging-platform';
export const ACCESS_TOKEN_AUDIENCE = 'messaging-platform-api';

export interface AccessTokenClaims {
  userId: string;
  accountId: string;
  sessionId: string;
}

/**
 * A short-lived JWT the gateway verifies locally with the JWKS; it then asks
 * AuthenticateAccessToken whether the session (`sid`) is still alive, which
 * is what makes logout and family revocation take effect before `exp`.
 * Times come from the injected clock so the sandbox clock expires tokens too.
 */
export function signAccessToken(key: ActiveSigningKey, claims: AccessTokenClaims, now: Date, ttlSeconds: number): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ acc: claims.accountId, sid: claims.sessionId, typ: 'access' })
    .setProtectedHeader({ alg: ACCESS_TOKEN_ALG, kid: key.kid, typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSeconds)
    .sign(key.privateKey);
}
