import type { identityV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { requireUser } from '../authorization/access-policy';
import type { IdentityContext } from '../identity-context';
import { accountRequiresMfa } from '../security-policy/security-policy.repository';
import { clearStepUpFailures } from '../step-up/step-up.repository';
import { consumeStepUpToken } from '../step-up/step-up-tokens';
import { currentUser } from './current-user';
import {
  activateTotpSecret,
  deleteMfaFactors,
  findTotpSecret,
  replaceRecoveryCodes,
  savePendingTotpSecret,
  setUserMfaEnabled,
} from './mfa.repository';
import { mfaStatusOf } from './mfa-status.usecase';
import { hashRecoveryCode, newRecoveryCodes } from './recovery-codes';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp';

const alreadyEnabled = () => new DomainError('MFA_ALREADY_ENABLED', 'MFA is already enabled.');
const notEnabled = () => new DomainError('MFA_NOT_ENABLED', 'MFA is not enabled.');

/** New codes replace every earlier one; only their hashes are kept. */
export async function freshRecoveryCodes(trx: Knex.Transaction, userId: string, now: Date): Promise<identityV1.RecoveryCodes> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(trx, userId, codes.map(hashRecoveryCode), now);
  return { recoveryCodes: codes };
}

/**
 * Starts authenticator setup (needs an MfaManage step-up): a new pending
 * secret, answered here and never again. A pending secret that was never
 * confirmed is replaced.
 */
export async function setupTotp(ctx: IdentityContext, principal: Principal, request: identityV1.SetupTotpRequest): Promise<identityV1.TotpSetup> {
  requireUser(principal);
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const user = await currentUser(trx, principal);
    await consumeStepUpToken(ctx, trx, { userId: user.id, action: 'MfaManage', token: request.stepUpToken });
    if (user.mfa_enabled) throw alreadyEnabled();
    const secret = newTotpSecret();
    await savePendingTotpSecret(trx, user.id, secret, now);
    return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
  });
}

/** A code of the pending secret turns MFA on; the recovery codes are answered once. */
export async function confirmTotp(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.ConfirmTotpRequest,
): Promise<identityV1.RecoveryCodes> {
  requireUser(principal);
  const code = (request.code ?? '').trim();
  if (code === '') throw DomainError.validation({ code: ['is required'] });
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const user = await currentUser(trx, principal);
    if (user.mfa_enabled) throw alreadyEnabled();
    const pending = await findTotpSecret(trx, user.id);
    if (!pending || pending.status !== 'pending') {
      throw new DomainError('INVALID_OPERATION', 'There is no authenticator setup to confirm: start one first.');
    }
    const step = matchTotp(pending.secret, code, now, null);
    if (step === undefined) throw new DomainError('INVALID_CODE', 'The code is not valid.');
    // The confirming code counts as used: it cannot also sign in.
    await activateTotpSecret(trx, user.id, step, now);
    await setUserMfaEnabled(trx, user.id, true);
    return freshRecoveryCodes(trx, user.id, now);
  });
}

/** Replaces every recovery code (needs an MfaManage step-up and MFA on). */
export async function regenerateRecoveryCodes(
  ctx: IdentityContext,
  principal: Principal,
  request: identityV1.RegenerateRecoveryCodesRequest,
): Promise<identityV1.RecoveryCodes> {
  requireUser(principal);
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const user = await currentUser(trx, principal);
    await consumeStepUpToken(ctx, trx, { userId: user.id, action: 'MfaManage', token: request.stepUpToken });
    if (!user.mfa_enabled) throw notEnabled();
    return freshRecoveryCodes(trx, user.id, now);
  });
}

/** Turns MFA off (needs an MfaManage step-up; refused on an account requiring MFA): the secret, the recovery codes and the passkeys go. */
export async function disableMfa(ctx: IdentityContext, principal: Principal, request: identityV1.DisableMfaRequest): Promise<identityV1.MfaStatus> {
  requireUser(principal);
  return ctx.db.transaction(async (trx) => {
    const user = await currentUser(trx, principal);
    // Checked before the step-up, so the token is not used up by a refusal.
    if (user.mfa_enabled && (await accountRequiresMfa(trx, user.account_id))) {
      throw new DomainError('MFA_REQUIRED_BY_ACCOUNT', 'This account requires MFA: it cannot be turned off.');
    }
    await consumeStepUpToken(ctx, trx, { userId: user.id, action: 'MfaManage', token: request.stepUpToken });
    if (!user.mfa_enabled) throw notEnabled();
    await deleteMfaFactors(trx, user.id);
    await clearStepUpFailures(trx, user.id);
    await setUserMfaEnabled(trx, user.id, false);
    return mfaStatusOf(trx, ctx.config, { id: user.id, mfa_enabled: false });
  });
}
