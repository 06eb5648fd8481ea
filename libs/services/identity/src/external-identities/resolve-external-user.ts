import { isEmailAddress } from '@mp/addresses';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { findUserByEmail } from '../accounts/accounts.repository';
import { activateVerifiedUser } from '../accounts/activate-account';
import { insertNewAccount } from '../accounts/create-account';
import { normaliseEmail } from '../accounts/email-address';
import { ORGANIZATION_NAME_MAX } from '../accounts/register-input';
import type { IdentityContext } from '../identity-context';
import { newId } from '../shared/ids';
import { findLinkedIdentity, hasAnyIdentityOf, insertIdentity } from './external-identities.repository';
import type { VerifiedIdToken } from './id-token-verifier';

/** `reason` says which rule refused; `externalEmail` is the address the token carried. */
const notLinkable = (reason: string, detail: string, externalEmail?: string) =>
  new DomainError('UNAUTHORIZED', detail, externalEmail ? { reason, externalEmail } : { reason });

/**
 * The linking rule, in one transaction (docs/service-contracts.md, "External sign-in"):
 * 1. an identity linked to a user signs in as that user;
 * 2. otherwise the issuer must vouch for the email (`email_verified`):
 *    - a user with that email is linked only when their own email is verified,
 *      they are active, and they have never had an identity of this provider:
 *      after an unlink the email rule never links the provider back;
 *    - no user with that email: a new active account with that user as its
 *      Admin, without a password (as registration followed by verification);
 * 3. anything else is refused with nothing stored.
 * Returns the user to sign in as.
 */
export async function resolveExternalUser(ctx: IdentityContext, provider: string, token: VerifiedIdToken): Promise<string> {
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const linked = await findLinkedIdentity(trx, provider, token.subject);
    if (linked) return linked.user_id;

    const email = normaliseEmail(token.email ?? '');
    if (!token.emailVerified || !isEmailAddress(email)) {
      throw notLinkable(
        'EMAIL_NOT_VERIFIED',
        `This ${provider} identity is not linked to a user, and ${provider} does not vouch for an email address to link or register it by.`,
        isEmailAddress(email) ? email : undefined,
      );
    }
    const existing = await findUserByEmail(trx, email);
    if (existing) {
      if (existing.status === 'inactive') throw new DomainError('USER_INACTIVE', 'This user is deactivated.');
      if (existing.status !== 'active' || existing.account_status !== 'active' || !existing.email_verified_at) {
        // Linking to an unverified account would hand it to whoever registered the address first.
        throw notLinkable(
          'USER_EMAIL_NOT_VERIFIED',
          'A user with this email address exists but has not verified it; verify it or sign in with the password first.',
          email,
        );
      }
      if (await hasAnyIdentityOf(trx, existing.id, provider)) {
        throw notLinkable(
          'NOT_LINKABLE',
          `The user with this email address unlinked ${provider} before or has another ${provider} identity; sign in another way.`,
          email,
        );
      }
      await insertIdentity(trx, { userId: existing.id, provider, subject: token.subject, email }, now);
      return existing.id;
    }
    return createAccountFor(ctx, trx, { provider, token, email }, now);
  });
}

async function createAccountFor(
  ctx: IdentityContext,
  trx: Knex.Transaction,
  input: { provider: string; token: VerifiedIdToken; email: string },
  now: Date,
): Promise<string> {
  const accountId = newId();
  const userId = newId();
  const organizationName = [...((input.token.name ?? '').trim() || input.email)].slice(0, ORGANIZATION_NAME_MAX).join('');
  await insertNewAccount(ctx, trx, { accountId, userId, email: input.email, organizationName, passwordHash: null }, now);
  // The issuer verified the address, which is what the verification mail would have proven.
  await activateVerifiedUser(ctx, trx, { accountId, userId }, now);
  await insertIdentity(trx, { userId, provider: input.provider, subject: input.token.subject, email: input.email }, now);
  return userId;
}
