import type { identityV1 } from '@mp/contracts';
import { DomainError, FieldErrors } from '@mp/problems';
import { findUserWithAccount } from '../accounts/accounts.repository';
import type { IdentityContext } from '../identity-context';
import { completeSignIn } from '../sessions/complete-sign-in';
import { isUniqueViolation } from '../shared/db-errors';
import { verifyIdToken } from './id-token-verifier';
import { resolveExternalUser } from './resolve-external-user';

/**
 * Sign-in with an OpenID Connect id token of a configured issuer (spec 4.1
 * external-login). After the token and the linking rule, the same answers as
 * password login: MFA_REQUIRED, MFA_ENROLLMENT_REQUIRED, inactive user or
 * account, or a new session.
 */
export async function externalLogin(ctx: IdentityContext, request: identityV1.ExternalLoginRequest): Promise<identityV1.TokenPair> {
  const name = (request.provider ?? '').trim();
  const idToken = (request.idToken ?? '').trim();
  const provider = name === '' ? undefined : ctx.externalProviders.find(name);
  const errors = new FieldErrors();
  if (name === '') errors.add('provider', 'is required');
  else if (!provider) {
    const known = ctx.externalProviders.names();
    errors.add('provider', known.length > 0 ? `must be one of ${known.join(', ')}` : 'no external identity provider is configured');
  }
  if (idToken === '') errors.add('idToken', 'is required');
  errors.throwIfAny();

  const token = await verifyIdToken(ctx.externalProviders, provider!, idToken, ctx.clock.now(), (error) =>
    ctx.logger.warn('external identity provider keys unavailable', { provider: provider!.name, error: String(error) }),
  );
  let userId: string;
  try {
    userId = await resolveExternalUser(ctx, provider!.name, token);
  } catch (error) {
    // A concurrent first sign-in with the same identity or email won the race: its result is there now.
    if (!isUniqueViolation(error)) throw error;
    userId = await resolveExternalUser(ctx, provider!.name, token);
  }
  const user = await findUserWithAccount(ctx.db, userId);
  if (!user) throw new DomainError('UNAUTHORIZED', 'The linked user no longer exists.');
  return completeSignIn(ctx, user);
}
