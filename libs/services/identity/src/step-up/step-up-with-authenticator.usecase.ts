import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { looksLikeRecoveryCode } from '../mfa/recovery-codes';
import { acceptTotpCode } from '../mfa/second-factor';
import { addSeconds } from '../shared/time';
import { parseStepUpAction } from './step-up-action';
import { clearStepUpFailures, findStepUpFailures, saveStepUpFailures } from './step-up.repository';
import { issueStepUpToken } from './step-up-tokens';

/** Consecutive wrong codes within the window that lock the authenticator step-up for the window. */
export const STEP_UP_MAX_FAILURES = 5;
export const STEP_UP_LOCK_WINDOW_SECONDS = 15 * 60;

type Outcome =
  | { kind: 'ok'; token: identityV1.StepUpToken }
  | { kind: 'wrong'; attemptsRemaining: number; recoveryCode: boolean }
  | { kind: 'locked'; retryAfterSeconds: number };

const secondsUntil = (until: Date, now: Date) => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/**
 * A step-up token from an authenticator code (spec 4.1 POST /v1/auth/mfa/step-up).
 * Recovery codes are refused here (they are for signing in); five wrong codes
 * within 15 minutes lock the route for 15 minutes, even for the right code.
 * Failures are committed, and the error thrown only afterwards.
 */
export async function stepUpWithAuthenticator(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.StepUpWithAuthenticatorRequest,
): Promise<identityV1.StepUpToken> {
  requireUser(principal);
  const action = parseStepUpAction(request.action);
  const code = (request.code ?? '').trim();
  if (code === '') throw DomainError.validation({ code: ['is required'] });

  const outcome = await ctx.db.transaction(async (trx): Promise<Outcome> => {
    const now = ctx.clock.now();
    const user = await currentUser(trx, principal);
    if (!user.mfa_enabled) {
      throw new DomainError('MFA_NOT_ENABLED', 'MFA is not enabled: use the email one-time code to step up.', { action });
    }
    const failures = await findStepUpFailures(trx, user.id);
    const lockedUntil = failures?.locked_until ? new Date(failures.locked_until) : undefined;
    if (lockedUntil && lockedUntil > now) return { kind: 'locked', retryAfterSeconds: secondsUntil(lockedUntil, now) };

    if (await acceptTotpCode(trx, user.id, code, now)) {
      await clearStepUpFailures(trx, user.id);
      return { kind: 'ok', token: await issueStepUpToken(trx, { userId: user.id, action }, now) };
    }

    // A lock that has run out starts a fresh window, as does an old window.
    const windowOpen =
      failures !== undefined &&
      !lockedUntil &&
      addSeconds(new Date(failures.window_started_at), STEP_UP_LOCK_WINDOW_SECONDS).getTime() > now.getTime();
    const count = windowOpen ? failures.failures + 1 : 1;
    await saveStepUpFailures(trx, {
      user_id: user.id,
      failures: count,
      window_started_at: windowOpen ? failures.window_started_at : now,
      locked_until: count >= STEP_UP_MAX_FAILURES ? addSeconds(now, STEP_UP_LOCK_WINDOW_SECONDS) : null,
    });
    return { kind: 'wrong', attemptsRemaining: Math.max(0, STEP_UP_MAX_FAILURES - count), recoveryCode: looksLikeRecoveryCode(code) };
  });

  switch (outcome.kind) {
    case 'ok':
      return outcome.token;
    case 'locked':
      throw new DomainError('LOCKED', 'Too many wrong codes; try again later.', { retryAfterSeconds: outcome.retryAfterSeconds, action });
    case 'wrong':
      throw new DomainError(
        'INVALID_CODE',
        outcome.recoveryCode ? 'Recovery codes are not accepted for a step-up; enter the authenticator code.' : 'The code is not valid.',
        { attemptsRemaining: outcome.attemptsRemaining, action },
      );
  }
}
