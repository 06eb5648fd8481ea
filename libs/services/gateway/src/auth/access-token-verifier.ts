import type { Clock } from '@mp/clock';
import { DomainError } from '@mp/problems';
import { createLocalJWKSet, errors, jwtVerify, type JSONWebKeySet, type JWTVerifyGetKey } from 'jose';

export const ACCESS_TOKEN_ISSUER = 'messaging-platform';
export const ACCESS_TOKEN_AUDIENCE = 'messaging-platform-api';

export interface AccessTokenClaims {
  userId: string;
  accountId: string;
  sessionId: string;
}

/**
 * Verifies access tokens locally with identity's public keys: the algorithm is
 * pinned to EdDSA, issuer/audience/type are checked, and expiry reads the
 * platform clock. Keys are fetched once and again when an unknown key id shows
 * up (identity rotated), at most every 30 s.
 */
export class AccessTokenVerifier {
  private keySet?: JWTVerifyGetKey;
  private fetchedAt = 0;

  constructor(
    private readonly fetchJwks: () => Promise<JSONWebKeySet>,
    private readonly clock: Clock,
  ) {}

  private async keys(force = false): Promise<JWTVerifyGetKey> {
    const now = Date.now();
    if (!this.keySet || (force && now - this.fetchedAt > 30_000)) {
      this.keySet = createLocalJWKSet(await this.fetchJwks());
      this.fetchedAt = now;
    }
    return this.keySet;
  }

  async verify(token: string): Promise<AccessTokenClaims> {
    try {
      return await this.verifyWith(await this.keys(), token);
    } catch (error) {
      if (error instanceof errors.JWKSNoMatchingKey) return this.verifyWith(await this.keys(true), token).catch(mapJoseError);
      return mapJoseError(error);
    }
  }

  private async verifyWith(keys: JWTVerifyGetKey, token: string): Promise<AccessTokenClaims> {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['EdDSA'],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      currentDate: this.clock.now(),
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.acc !== 'string' || typeof payload.sid !== 'string') {
      throw new DomainError('INVALID_TOKEN', 'The token is not an access token.');
    }
    return { userId: payload.sub, accountId: payload.acc, sessionId: payload.sid };
  }
}

function mapJoseError(error: unknown): never {
  if (error instanceof DomainError) throw error;
  if (error instanceof errors.JWTExpired) throw new DomainError('TOKEN_EXPIRED', 'The access token has expired; refresh it.', { authScheme: 'Bearer' });
  throw new DomainError('INVALID_TOKEN', 'The access token is invalid.', { authScheme: 'Bearer' });
}
