import type { identityV1 } from '@mp/contracts';
import type { IdentityContext } from '../identity-context';
import { registrationAttemptMail, verificationMail } from '../mail/mail-templates';
import { mailQueuedSince, queueMail } from '../mail/outgoing-mail.repository';
import { hashPassword } from '../passwords/password-hasher';
import { isUniqueViolation } from '../shared/db-errors';
import { newId } from '../shared/ids';
import { newSecretToken, sha256Hex } from '../shared/secret-token';
import { addSeconds } from '../shared/time';
import { emailExists } from './accounts.repository';
import { insertNewAccount } from './create-account';
import { insertVerificationToken } from './email-verification.repository';
import { parseRegisterInput, type RegisterInput } from './register-input';

/** At most one "someone tried to register" mail per address in this window. */
const ATTEMPT_MAIL_WINDOW_SECONDS = 3600;

class EmailTaken extends Error {}

/**
 * Creates a pending account with a trial subscription, its Admin user and a
 * verification token, and queues the verification mail and AccountRegistered
 * in the same transaction.
 *
 * An address that already has an account gets the same answer as a new one
 * (fresh ids, never stored), so registration cannot be used to find out who
 * is a customer; the owner is told by mail instead.
 */
export async function register(ctx: IdentityContext, request: identityV1.RegisterRequest): Promise<identityV1.RegisterResponse> {
  const input = parseRegisterInput(request);
  // Hashed before looking at the address so both paths cost the same hashing work.
  const passwordHash = await hashPassword(input.password);
  const accountId = newId();
  const userId = newId();
  try {
    await createAccount(ctx, input, { accountId, userId, passwordHash });
  } catch (error) {
    // The unique index on users.email catches a registration racing this one.
    if (!(error instanceof EmailTaken) && !isUniqueViolation(error)) throw error;
    await notifyOwnerOfAttempt(ctx, input.email);
  }
  return { accountId, userId, status: 'pending' };
}

async function createAccount(
  ctx: IdentityContext,
  input: RegisterInput,
  ids: { accountId: string; userId: string; passwordHash: string },
): Promise<void> {
  const { clock, config } = ctx;
  const token = newSecretToken();
  await ctx.db.transaction(async (trx) => {
    if (await emailExists(trx, input.email)) throw new EmailTaken();
    const now = clock.now();
    await insertNewAccount(ctx, trx, { ...ids, email: input.email, organizationName: input.organizationName }, now);
    await insertVerificationToken(
      trx,
      {
        accountId: ids.accountId,
        userId: ids.userId,
        tokenHash: sha256Hex(token),
        expiresAt: addSeconds(now, config.EMAIL_VERIFICATION_TTL_SECONDS),
      },
      now,
    );
    const mail = verificationMail({
      to: input.email,
      token,
      publicBaseUrl: config.PUBLIC_BASE_URL,
      ttlSeconds: config.EMAIL_VERIFICATION_TTL_SECONDS,
    });
    await queueMail(trx, { ...mail, from: config.MAIL_FROM }, now);
  });
}

async function notifyOwnerOfAttempt(ctx: IdentityContext, email: string): Promise<void> {
  const { clock, config } = ctx;
  await ctx.db.transaction(async (trx) => {
    const now = clock.now();
    // Repeated attempts must not turn into a mail bomb against the owner.
    if (await mailQueuedSince(trx, email, 'registration_attempt', addSeconds(now, -ATTEMPT_MAIL_WINDOW_SECONDS))) return;
    const mail = registrationAttemptMail({ to: email, publicBaseUrl: config.PUBLIC_BASE_URL });
    await queueMail(trx, { ...mail, from: config.MAIL_FROM }, now);
  });
}
