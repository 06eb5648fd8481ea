import { DomainError } from '@mp/problems';
import type { IdentityContext } from '../identity-context';
import { newSecretToken, sha256Hex } from '../shared/secret-token';
import { addSeconds, toIso } from '../shared/time';
import { enrollmentTokens } from './enrollment.repository';

export const ENROLLMENT_TOKEN_TTL_SECONDS = 15 * 60;

/**
 * The first sign-in step passed for a user without MFA on an account that
 * requires it (spec 4.1, 5.5): no tokens, a single-use enrollment token bound
 * to the user instead, for the anonymous EnrollMfaSetup/EnrollMfaConfirm.
 */
export async function startMfaEnrollment(ctx: IdentityContext, userId: string): Promise<never> {
  const enrollmentToken = newSecretToken();
  const expiresAt = await ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const expires = addSeconds(now, ENROLLMENT_TOKEN_TTL_SECONDS);
    await enrollmentTokens.insert(trx, { userId, tokenHash: sha256Hex(enrollmentToken), expiresAt: expires }, now);
    return expires;
  });
  throw new DomainError('MFA_ENROLLMENT_REQUIRED', 'This account requires MFA: set up an authenticator to sign in.', {
    enrollmentToken,
    enrollmentTokenExpiresAt: toIso(expiresAt),
  });
}
