import { randomInt } from 'node:crypto';
import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { UserRow } from '../accounts/accounts.repository';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { stepUpCodeMail } from '../mail/mail-templates';
import { queueMail } from '../mail/outgoing-mail.repository';
import { currentUser } from '../mfa/current-user';
import { sameSecret, sha256Hex } from '../shared/secret-token';
import { addSeconds, toIso } from '../shared/time';
import { parseStepUpAction, type StepUpAction } from './step-up-action';
import { deleteEmailOtp, findEmailOtp, recordEmailOtpFailure, saveEmailOtp } from './step-up.repository';
import { issueStepUpToken } from './step-up-tokens';

export const EMAIL_OTP_TTL_SECONDS = 10 * 60;
export const EMAIL_OTP_MAX_ATTEMPTS = 5;

/** Bound to the user so equal codes of two users hash differently. */
const hashOtp = (userId: string, code: string) => sha256Hex(`${userId}:${code}`);

/**
 * Users with MFA must step up with their authenticator (spec 4.1); MfaManage
 * stays open so a lost authenticator can still be removed.
 */
function refuseFactorDowngrade(user: UserRow, action: StepUpAction): void {
  if (user.mfa_enabled && action !== 'MfaManage') {
    throw new DomainError('STEP_UP_FACTOR_REQUIRED', 'MFA is on: step up with the authenticator instead.', { action });
  }
}

/** Mails a 6-digit code (10 minutes, 5 attempts); issuing again replaces the previous one. */
export async function issueEmailOtp(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.IssueEmailOtpRequest,
): Promise<identityV1.EmailOtpIssued> {
  requireUser(principal);
  const action = parseStepUpAction(request.action, 'MfaManage');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const user = await currentUser(trx, principal);
    refuseFactorDowngrade(user, action);
    const expiresAt = addSeconds(now, EMAIL_OTP_TTL_SECONDS);
    await saveEmailOtp(trx, { user_id: user.id, action, code_hash: hashOtp(user.id, code), failed_attempts: 0, expires_at: expiresAt, created_at: now });
    await queueMail(trx, { ...stepUpCodeMail({ to: user.email, code, action, ttlSeconds: EMAIL_OTP_TTL_SECONDS }), from: ctx.config.MAIL_FROM }, now);
    return { action, expiresAt: toIso(expiresAt) };
  });
}

type Outcome = { kind: 'ok'; token: identityV1.StepUpToken } | { kind: 'wrong'; attemptsRemaining: number };

/** Trades the mailed code for a step-up token for the action it was issued for. */
export async function verifyEmailOtp(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.VerifyEmailOtpRequest,
): Promise<identityV1.StepUpToken> {
  requireUser(principal);
  const action = parseStepUpAction(request.action);
  const code = (request.code ?? '').trim();
  if (code === '') throw DomainError.validation({ code: ['is required'] });

  const outcome = await ctx.db.transaction(async (trx): Promise<Outcome> => {
    const now = ctx.clock.now();
    const user = await currentUser(trx, principal);
    refuseFactorDowngrade(user, action);
    const otp = await findEmailOtp(trx, user.id);
    if (!otp || new Date(otp.expires_at).getTime() <= now.getTime()) {
      throw new DomainError('INVALID_OR_EXPIRED', 'No valid code: request a new one.', { action });
    }
    if (otp.failed_attempts >= EMAIL_OTP_MAX_ATTEMPTS) {
      // Every 429 says when to come back (Retry-After): this code stays locked until it expires; a new one may be requested now.
      const retryAfterSeconds = Math.max(1, Math.ceil((new Date(otp.expires_at).getTime() - now.getTime()) / 1000));
      throw new DomainError('LOCKED', 'Too many wrong codes: request a new one.', { action, attemptsRemaining: 0, retryAfterSeconds });
    }
    if (otp.action !== action) {
      throw new DomainError('ACTION_MISMATCH', `The code was issued for ${otp.action}, not ${action}.`, { action });
    }
    if (/^\d{6}$/.test(code) && sameSecret(otp.code_hash, hashOtp(user.id, code))) {
      await deleteEmailOtp(trx, user.id);
      return { kind: 'ok', token: await issueStepUpToken(trx, { userId: user.id, action }, now) };
    }
    const failures = await recordEmailOtpFailure(trx, user.id);
    return { kind: 'wrong', attemptsRemaining: Math.max(0, EMAIL_OTP_MAX_ATTEMPTS - failures) };
  });
  if (outcome.kind === 'ok') return outcome.token;
  throw new DomainError('INVALID_CODE', 'The code is not valid.', { attemptsRemaining: outcome.attemptsRemaining, action });
}
