import type { identityV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { IdentityContext } from '../identity-context';
import { looksLikeSecretToken, sha256Hex } from '../shared/secret-token';
import { activateVerifiedUser } from './activate-account';
import { consumeVerificationToken } from './email-verification.repository';

const invalidOrExpired = () => new DomainError('INVALID_OR_EXPIRED', 'The verification token is invalid, used or expired.');

/**
 * Uses a verification token: the account becomes active and AccountActivated
 * goes out (routing provisions the sandbox numbers from it). Unknown, used and
 * expired tokens all answer the same, so the answer tells nothing about a token.
 */
export async function verifyEmail(ctx: IdentityContext, request: identityV1.VerifyEmailRequest): Promise<identityV1.VerifyEmailResponse> {
  const token = (request.token ?? '').trim();
  if (token === '') throw DomainError.validation({ token: ['is required'] });
  if (!looksLikeSecretToken(token)) throw invalidOrExpired();

  const accountId = await ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const used = await consumeVerificationToken(trx, sha256Hex(token), now);
    if (!used) return undefined;
    await activateVerifiedUser(ctx, trx, { accountId: used.account_id, userId: used.user_id }, now);
    return used.account_id;
  });
  if (!accountId) throw invalidOrExpired();
  return { accountId, status: 'active' };
}
