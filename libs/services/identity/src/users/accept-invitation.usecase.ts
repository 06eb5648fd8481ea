import type { identityV1 } from '@mp/contracts';
import { DomainError, FieldErrors } from '@mp/problems';
import { findUserWithAccount } from '../accounts/accounts.repository';
import { checkPassword } from '../accounts/register-input';
import type { IdentityContext } from '../identity-context';
import { hashPassword } from '../passwords/password-hasher';
import { completeSignIn } from '../sessions/complete-sign-in';
import { looksLikeSecretToken, sameSecret, sha256Hex } from '../shared/secret-token';
import { activateInvitedUser, findInvitation, useInvitation } from './users.repository';

const invalidOrExpired = () => new DomainError('INVALID_OR_EXPIRED', 'The invitation is invalid, used or expired.');

/**
 * Anonymous: the invitation token sets the password (registration's rules)
 * and activates the user; then it goes on like a login (MFA_ENROLLMENT_REQUIRED
 * on an account requiring MFA, else a token pair). Unknown, used and expired
 * tokens all answer the same.
 */
export async function acceptInvitation(ctx: IdentityContext, request: identityV1.AcceptInvitationRequest): Promise<identityV1.TokenPair> {
  const token = (request.token ?? '').trim();
  const password = request.password ?? '';
  const errors = new FieldErrors();
  if (token === '') errors.add('token', 'is required');
  const passwordProblem = checkPassword(password);
  if (passwordProblem) errors.add('password', passwordProblem);
  errors.throwIfAny();
  if (!looksLikeSecretToken(token)) throw invalidOrExpired();

  // Hashed outside the transaction: hashing must not hold the (single, embedded) connection.
  const passwordHash = await hashPassword(password);
  const userId = await ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const tokenHash = sha256Hex(token);
    const invitation = await findInvitation(trx, tokenHash);
    if (!invitation || !sameSecret(invitation.token_hash, tokenHash) || invitation.used_at || new Date(invitation.expires_at).getTime() <= now.getTime()) {
      throw invalidOrExpired();
    }
    if (!(await useInvitation(trx, invitation.id, now))) throw invalidOrExpired();
    // No longer invited (deactivated by an Admin since): the invitation is dead.
    if (!(await activateInvitedUser(trx, invitation.user_id, passwordHash, now))) throw invalidOrExpired();
    return invitation.user_id;
  });
  const user = await findUserWithAccount(ctx.db, userId);
  if (!user) throw invalidOrExpired();
  return completeSignIn(ctx, user);
}
