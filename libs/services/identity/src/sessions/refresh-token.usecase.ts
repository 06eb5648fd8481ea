import type { identityV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { findUser } from '../accounts/accounts.repository';
import type { IdentityContext } from '../identity-context';
import { accountRequiresMfa } from '../security-policy/security-policy.repository';
import { looksLikeSecretToken, sha256Hex } from '../shared/secret-token';
import { issueTokenPair } from './issue-token-pair';
import { decideRefresh } from './refresh-decision';
import { consumeRefreshToken, findRefreshToken, revokeSession } from './sessions.repository';

const invalidToken = () => new DomainError('INVALID_TOKEN', 'The refresh token is not valid.');
const inactive = () => new DomainError('USER_INACTIVE', 'This user is deactivated.');
const revoked = () => new DomainError('TOKEN_REVOKED', 'The refresh token was revoked; sign in again.');

/** Rotates a refresh token within its family (DECISIONS "Accounts"). */
export async function refreshToken(ctx: IdentityContext, request: identityV1.RefreshTokenRequest): Promise<identityV1.TokenPair> {
  const presented = (request.refreshToken ?? '').trim();
  if (presented === '') throw DomainError.validation({ refreshToken: ['is required'] });
  if (!looksLikeSecretToken(presented)) throw invalidToken();

  const { db, clock } = ctx;
  const found = await findRefreshToken(db, sha256Hex(presented));
  const decision = decideRefresh(
    found && { usedAt: found.used_at, expiresAt: new Date(found.expires_at), sessionRevokedAt: found.session_revoked_at },
    clock.now(),
  );
  // A deactivated user's sessions are all revoked; say why rather than TOKEN_REVOKED.
  const user = found && (await findUser(db, found.user_id));
  if (found && (!user || user.status !== 'active')) throw inactive();
  switch (decision) {
    case 'unknown':
      throw invalidToken();
    case 'family-revoked':
      throw revoked();
    case 'reuse':
      // Committed on its own: the error below must not roll the revocation back.
      await revokeSession(db, found!.session_id, 'refresh_token_reuse', clock.now());
      throw revoked();
    case 'expired':
      throw new DomainError('TOKEN_EXPIRED', 'The refresh token has expired; sign in again.');
    case 'rotate':
      break;
  }
  const token = found!;

  // MFA was turned on, or required by the account, after this session signed
  // in without it (spec 4.1, 5.5): no mfaToken, sign in again (which then
  // answers MFA_REQUIRED or MFA_ENROLLMENT_REQUIRED).
  if (!token.session_mfa_passed && (user!.mfa_enabled || (await accountRequiresMfa(db, token.account_id)))) {
    throw new DomainError('MFA_REQUIRED', 'This session did not pass MFA; sign in again with your second factor.');
  }

  const key = await ctx.keys.current();
  const pair = await db.transaction(async (trx) => {
    const now = clock.now();
    // Lost the race to a concurrent refresh (or a revocation) with the same token.
    if (!(await consumeRefreshToken(trx, token.id, now))) return undefined;
    return issueTokenPair(ctx, trx, key, { sessionId: token.session_id, userId: token.user_id, accountId: token.account_id }, now);
  });
  if (pair) return pair;
  // Two presentations of one token: one was a replay, and we cannot tell which,
  // so the family goes (the same rule as a replay after the fact).
  await revokeSession(db, token.session_id, 'refresh_token_reuse', clock.now());
  throw revoked();
}
