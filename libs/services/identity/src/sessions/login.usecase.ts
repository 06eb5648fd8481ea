import type { identityV1 } from '@mp/contracts';
import { DomainError, FieldErrors } from '@mp/problems';
import { findUserByEmail } from '../accounts/accounts.repository';
import { normaliseEmail } from '../accounts/email-address';
import type { IdentityContext } from '../identity-context';
import { startMfaChallenge } from '../mfa/login-mfa.usecase';
import { burnPasswordCheck, verifyPassword } from '../passwords/password-hasher';
import { issueTokenPair } from './issue-token-pair';
import { insertSession } from './sessions.repository';

const invalidCredentials = () => new DomainError('UNAUTHORIZED', 'Invalid email or password.');

/**
 * Password sign-in; starts a new session (refresh-token family).
 * An unknown email and a wrong password answer the same, after the same
 * scrypt work. Account and user state are only revealed once the password is
 * right, so they cannot be probed without it.
 */
export async function login(ctx: IdentityContext, request: identityV1.LoginRequest): Promise<identityV1.TokenPair> {
  const email = normaliseEmail(request.email ?? '');
  const password = request.password ?? '';
  const missing = new FieldErrors();
  if (email === '') missing.add('email', 'is required');
  if (password === '') missing.add('password', 'is required');
  missing.throwIfAny();

  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = user ? await verifyPassword(password, user.password_hash) : await burnPasswordCheck(password);
  if (!user || !passwordOk) throw invalidCredentials();
  if (user.account_status !== 'active') {
    throw new DomainError('ACCOUNT_INACTIVE', 'The account is not active yet: verify the email address first.');
  }
  if (user.status !== 'active') throw new DomainError('USER_INACTIVE', 'This user is deactivated.');
  // MFA on: no tokens yet, an mfaToken for the second step (LoginMfa) instead.
  if (user.mfa_enabled) await startMfaChallenge(ctx, user.id);

  const key = await ctx.keys.current();
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const sessionId = await insertSession(trx, { userId: user.id, accountId: user.account_id }, now);
    return issueTokenPair(ctx, trx, key, { sessionId, userId: user.id, accountId: user.account_id }, now);
  });
}
