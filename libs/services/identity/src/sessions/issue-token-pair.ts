import type { identityV1 } from '@mp/contracts';
import type { Knex } from 'knex';
import type { IdentityContext } from '../identity-context';
import { signAccessToken } from '../signing-keys/access-token';
import type { ActiveSigningKey } from '../signing-keys/signing-key-store';
import { newSecretToken, sha256Hex } from '../shared/secret-token';
import { addSeconds } from '../shared/time';
import { insertRefreshToken } from './sessions.repository';

/**
 * Stores the next refresh token of a family (inside the caller's transaction)
 * and signs the matching access token. The signing key is fetched by the
 * caller beforehand: loading it may query the database, which must not happen
 * while the caller's transaction holds the (embedded, single) connection.
 */
export async function issueTokenPair(
  ctx: IdentityContext,
  trx: Knex.Transaction,
  key: ActiveSigningKey,
  subject: { sessionId: string; userId: string; accountId: string },
  now: Date,
): Promise<identityV1.TokenPair> {
  const { config } = ctx;
  const refreshToken = newSecretToken();
  await insertRefreshToken(
    trx,
    { sessionId: subject.sessionId, tokenHash: sha256Hex(refreshToken), expiresAt: addSeconds(now, config.REFRESH_TOKEN_TTL_SECONDS) },
    now,
  );
  const accessToken = await signAccessToken(key, subject, now, config.ACCESS_TOKEN_TTL_SECONDS);
  return { accessToken, refreshToken, expiresIn: config.ACCESS_TOKEN_TTL_SECONDS, tokenType: 'Bearer' };
}
