import type { identityV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { UserWithAccount } from '../accounts/accounts.repository';
import { startMfaEnrollment } from '../enrollment/start-enrollment';
import type { IdentityContext } from '../identity-context';
import { startMfaChallenge } from '../mfa/login-mfa.usecase';
import { accountRequiresMfa } from '../security-policy/security-policy.repository';
import { issueTokenPair } from './issue-token-pair';
import { insertSession } from './sessions.repository';

/**
 * After the password (login, or accepting an invitation): account and user
 * state, then the second factor. MFA on: MFA_REQUIRED with an mfaToken. MFA
 * off on an account that requires it: MFA_ENROLLMENT_REQUIRED with an
 * enrollmentToken. Otherwise a new session (refresh-token family).
 */
export async function completeSignIn(ctx: IdentityContext, user: UserWithAccount): Promise<identityV1.TokenPair> {
  if (user.account_status !== 'active') {
    throw new DomainError('ACCOUNT_INACTIVE', 'The account is not active yet: verify the email address first.');
  }
  if (user.status !== 'active') throw new DomainError('USER_INACTIVE', 'This user is deactivated.');
  if (user.mfa_enabled) await startMfaChallenge(ctx, user.id);
  if (await accountRequiresMfa(ctx.db, user.account_id)) await startMfaEnrollment(ctx, user.id);

  const key = await ctx.keys.current();
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const sessionId = await insertSession(trx, { userId: user.id, accountId: user.account_id }, now);
    return issueTokenPair(ctx, trx, key, { sessionId, userId: user.id, accountId: user.account_id }, now);
  });
}
