import type { identityV1 } from '@mp/contracts';
import { DomainError, FieldErrors } from '@mp/problems';
import { findUserByEmail } from '../accounts/accounts.repository';
import { normaliseEmail } from '../accounts/email-address';
import type { IdentityContext } from '../identity-context';
import { burnPasswordCheck, verifyPassword } from '../passwords/password-hasher';
import { completeSignIn } from './complete-sign-in';

const invalidCredentials = () => new DomainError('UNAUTHORIZED', 'Invalid email or password.');

/**
 * Password sign-in; starts a new session (refresh-token family).
 * An unknown email, a wrong password and an invited user who has no password
 * yet answer the same, after the same scrypt work. Account and user state are
 * only revealed once the password is right, so they cannot be probed without it.
 */
export async function login(ctx: IdentityContext, request: identityV1.LoginRequest): Promise<identityV1.TokenPair> {
  const email = normaliseEmail(request.email ?? '');
  const password = request.password ?? '';
  const missing = new FieldErrors();
  if (email === '') missing.add('email', 'is required');
  if (password === '') missing.add('password', 'is required');
  missing.throwIfAny();

  const user = await findUserByEmail(ctx.db, email);
  const passwordOk = user?.password_hash ? await verifyPassword(password, user.password_hash) : await burnPasswordCheck(password);
  if (!user || !passwordOk) throw invalidCredentials();
  return completeSignIn(ctx, user);
}
