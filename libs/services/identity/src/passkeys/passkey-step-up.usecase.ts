import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { currentUser } from '../mfa/current-user';
import { parseStepUpAction } from '../step-up/step-up-action';
import { clearStepUpFailures, findStepUpFailures } from '../step-up/step-up.repository';
import { issueStepUpToken } from '../step-up/step-up-tokens';
import { acceptPasskeyAssertion } from './passkey-assertion';
import { assertionOptions, noPasskeys } from './passkey-login.usecase';
import { requireMfaOn } from './passkey-registration.usecase';
import { passkeysOf, useChallenge } from './passkeys.repository';
import { requireRelyingParty } from './relying-party';
import { challengeAnswered, saveChallenge } from './webauthn-challenges';
import { parseCredential, verificationFailed } from './webauthn-credential';

/** Passkey options for a step-up, bound to the user and the action. */
export async function startPasskeyStepUp(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.StartPasskeyStepUpRequest,
): Promise<identityV1.WebAuthnOptions> {
  requireUser(principal);
  const rp = requireRelyingParty(ctx.config);
  const action = parseStepUpAction(request.action);
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const user = await currentUser(trx, principal);
    requireMfaOn(user);
    const passkeys = await passkeysOf(trx, user.id);
    if (passkeys.length === 0) throw noPasskeys();
    const options = await assertionOptions(rp, passkeys);
    await saveChallenge(trx, { userId: user.id, purpose: 'step_up', challenge: options.challenge, action }, now);
    return { optionsJson: JSON.stringify(options) };
  });
}

type Outcome = { kind: 'ok'; token: identityV1.StepUpToken } | { kind: 'failed' } | { kind: 'locked'; retryAfterSeconds: number };

/**
 * A step-up token from a passkey (POST /v1/auth/mfa/step-up with method
 * `webauthn`). While wrong authenticator codes keep the step-up locked, the
 * passkey is refused too; a success clears those failures like a good code.
 */
export async function stepUpWithPasskey(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.StepUpWithPasskeyRequest,
): Promise<identityV1.StepUpToken> {
  requireUser(principal);
  const rp = requireRelyingParty(ctx.config);
  const action = parseStepUpAction(request.action);
  const credential = parseCredential(request.credentialJson);
  const outcome = await ctx.db.transaction(async (trx): Promise<Outcome> => {
    const now = ctx.clock.now();
    const user = await currentUser(trx, principal);
    if (!user.mfa_enabled) {
      throw new DomainError('MFA_NOT_ENABLED', 'MFA is not enabled: use the email one-time code to step up.', { action });
    }
    const failures = await findStepUpFailures(trx, user.id);
    const lockedUntil = failures?.locked_until ? new Date(failures.locked_until) : undefined;
    if (lockedUntil && lockedUntil > now) {
      return { kind: 'locked', retryAfterSeconds: Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000)) };
    }
    const answered = await challengeAnswered(trx, credential, { purpose: 'step_up', userId: user.id }, now);
    if (answered && answered.action !== action) {
      // Refused without spending the challenge: the client asked for the wrong action.
      throw new DomainError('ACTION_MISMATCH', `The passkey challenge was issued for ${answered.action}, not ${action}.`, { action });
    }
    const passkey = answered ? await acceptPasskeyAssertion(trx, rp, user.id, credential, answered, now) : undefined;
    if (answered) await useChallenge(trx, answered.id, now);
    if (!passkey) return { kind: 'failed' };
    await clearStepUpFailures(trx, user.id);
    return { kind: 'ok', token: await issueStepUpToken(trx, { userId: user.id, action }, now) };
  });
  switch (outcome.kind) {
    case 'ok':
      return outcome.token;
    case 'locked':
      throw new DomainError('LOCKED', 'Too many wrong codes; try again later.', { retryAfterSeconds: outcome.retryAfterSeconds, action });
    case 'failed':
      throw verificationFailed('The passkey could not be verified: request new options and try again.', { action });
  }
}
