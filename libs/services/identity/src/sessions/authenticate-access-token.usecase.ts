import type { commonV1, identityV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { findUserWithAccount } from '../accounts/accounts.repository';
import type { IdentityContext } from '../identity-context';
import { isUuid } from '../shared/ids';
import { findSession } from './sessions.repository';

/**
 * Called by the gateway after it verified an access token's signature and
 * expiry: is the session (family) still alive and the user still active?
 */
export async function authenticateAccessToken(
  ctx: IdentityContext,
  request: identityV1.AuthenticateAccessTokenRequest,
): Promise<commonV1.Principal> {
  const revoked = () => new DomainError('TOKEN_REVOKED', 'The session has ended; sign in again.');
  if (!isUuid(request.sessionId) || !isUuid(request.userId)) throw revoked();
  const session = await findSession(ctx.db, request.sessionId);
  // A token whose sid belongs to someone else is as good as revoked.
  if (!session || session.user_id !== request.userId) throw revoked();
  // Checked before the session's revocation: deactivation revokes every
  // session of the user, and the caller should learn why.
  const user = await findUserWithAccount(ctx.db, request.userId);
  if (!user || user.status !== 'active') throw new DomainError('USER_INACTIVE', 'This user is deactivated.');
  if (session.revoked_at) throw revoked();
  // Role and subaccount come from the user row, so a change applies at the next request.
  return {
    kind: 'user',
    accountId: user.account_id,
    userId: user.id,
    role: user.role,
    subaccountId: user.subaccount_id ?? undefined,
    rights: [],
  };
}
