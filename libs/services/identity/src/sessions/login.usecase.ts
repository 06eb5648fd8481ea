import type { identityV1 } from '@mp/contracts';
import { DomainError, FieldErrors } from '@mp/problems';
import { findUserByEmail } from '../accounts/accounts.repository';
import { normaliseEmail } from '../accounts/email-address';
import type { IdentityContext } from '../identity-context';
import { signInLockedMail } from '../mail/mail-templates';
import { queueMail } from '../mail/outgoing-mail.repository';
import { burnPasswordCheck, checkPassword, hashPassword } from '../passwords/password-hasher';
import { replacePasswordHash } from '../users/users.repository';
import { sha256Hex } from '../shared/secret-token';
import { completeSignIn } from './complete-sign-in';
import { clearSignInFailures, findSignInFailures, lockSignInFailures, saveSignInFailures } from './sign-in-failures.repository';
import { afterFailure, lockedUntil, secondsUntil, type SignInLockoutPolicy } from './sign-in-lockout';

const invalidCredentials = () => new DomainError('UNAUTHORIZED', 'Invalid email or password.');

const accountLocked = (until: Date, now: Date) =>
  new DomainError('ACCOUNT_LOCKED', 'Sign-in is locked after repeated wrong passwords; try again later.', {
    retryAfterSeconds: secondsUntil(until, now),
    lockedUntil: until.toISOString(),
  });

const lockoutPolicy = (ctx: IdentityContext): SignInLockoutPolicy => ({
  threshold: ctx.config.SIGN_IN_LOCKOUT_THRESHOLD,
  windowSeconds: ctx.config.SIGN_IN_LOCKOUT_WINDOW_SECONDS,
  lockSeconds: ctx.config.SIGN_IN_LOCKOUT_SECONDS,
});

/**
 * Password sign-in; starts a new session (refresh-token family).
 * An unknown email, a wrong password and an invited user who has no password
 * yet answer the same, after the same hashing work. Account and user state are
 * only revealed once the password is right, so they cannot be probed without it.
 *
 * The right password against a hash below today's bar (scrypt, or weaker
 * Argon2id parameters) replaces the stored hash with a fresh Argon2id one.
 *
 * Repeated wrong passwords lock the address (sign-in-lockout): while locked,
 * even the right password answers ACCOUNT_LOCKED. Failures are counted per
 * address whether or not it has an account, so a lock reveals nothing either.
 */
export async function login(ctx: IdentityContext, request: identityV1.LoginRequest): Promise<identityV1.TokenPair> {
  const email = normaliseEmail(request.email ?? '');
  const password = request.password ?? '';
  const missing = new FieldErrors();
  if (email === '') missing.add('email', 'is required');
  if (password === '') missing.add('password', 'is required');
  missing.throwIfAny();

  const emailHash = sha256Hex(email);
  const lockedAtStart = lockedUntil(await findSignInFailures(ctx.db, emailHash), ctx.clock.now());
  if (lockedAtStart) throw accountLocked(lockedAtStart, ctx.clock.now());

  const user = await findUserByEmail(ctx.db, email);
  const check = user?.password_hash ? await checkPassword(password, user.password_hash) : { ok: await burnPasswordCheck(password), needsRehash: false };
  if (!user || !check.ok) throw await recordFailure(ctx, email, emailHash, user !== undefined);
  if (check.needsRehash && user.password_hash) await rehash(ctx, user.id, user.password_hash, password);
  await clearSignInFailures(ctx.db, emailHash);
  return completeSignIn(ctx, user);
}

/** Counts the wrong password; the one that reaches the threshold locks and tells the owner (if there is one). */
async function recordFailure(ctx: IdentityContext, email: string, emailHash: string, hasAccount: boolean): Promise<DomainError> {
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const current = await lockSignInFailures(trx, emailHash, now);
    // A concurrent attempt may have locked it meanwhile.
    const already = lockedUntil(current, now);
    if (already) return accountLocked(already, now);
    const policy = lockoutPolicy(ctx);
    const { record, lockedNow } = afterFailure(current, now, policy);
    await saveSignInFailures(trx, emailHash, record);
    if (!lockedNow || !record.lockedUntil) return invalidCredentials();
    if (hasAccount) {
      const mail = signInLockedMail({ to: email, lockedUntil: record.lockedUntil, lockSeconds: policy.lockSeconds });
      await queueMail(trx, { ...mail, from: ctx.config.MAIL_FROM }, now);
    }
    return accountLocked(record.lockedUntil, now);
  });
}

/**
 * Only the sign-in holds the plain password, so this is the one moment an old hash can be upgraded.
 * Conditional on the hash read, so a password changed meanwhile is never overwritten; a failure here
 * costs the upgrade, never the sign-in (the old hash still verifies next time).
 */
async function rehash(ctx: IdentityContext, userId: string, oldHash: string, password: string): Promise<void> {
  try {
    await replacePasswordHash(ctx.db, userId, oldHash, await hashPassword(password));
  } catch (error) {
    ctx.logger.warn('password rehash failed; the old hash stays', { userId, error });
  }
}
