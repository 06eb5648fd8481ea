import type { identityV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { findUserWithAccount, type UserWithAccount } from '../accounts/accounts.repository';
import type { IdentityContext } from '../identity-context';
import { freshRecoveryCodes } from '../mfa/manage-mfa.usecase';
import { activateTotpSecret, findTotpSecret, savePendingTotpSecret, setUserMfaEnabled } from '../mfa/mfa.repository';
import { matchTotp, newTotpSecret, otpauthUrl } from '../mfa/totp';
import { issueTokenPair } from '../sessions/issue-token-pair';
import { insertSession } from '../sessions/sessions.repository';
import { looksLikeSecretToken, sameSecret, sha256Hex } from '../shared/secret-token';
import { enrollmentTokens, type EnrollmentTokenRow } from './enrollment.repository';

/** Wrong codes a single enrollment token takes before it is burnt. */
export const ENROLLMENT_MAX_ATTEMPTS = 5;

const invalidOrExpired = () => new DomainError('INVALID_OR_EXPIRED', 'The enrollment token is invalid, used or expired; sign in again.');

function presentedToken(raw: string | undefined): string {
  const token = (raw ?? '').trim();
  if (token === '') throw DomainError.validation({ enrollmentToken: ['is required'] });
  if (!looksLikeSecretToken(token)) throw invalidOrExpired();
  return token;
}

/** The live enrollment token and its user, locked for this transaction; unknown, used and expired tokens answer the same. */
async function openEnrollment(trx: Knex.Transaction, token: string, now: Date): Promise<{ row: EnrollmentTokenRow; user: UserWithAccount }> {
  const tokenHash = sha256Hex(token);
  const row = await enrollmentTokens.find(trx, tokenHash);
  if (!row || !sameSecret(row.token_hash, tokenHash) || row.used_at || new Date(row.expires_at).getTime() <= now.getTime()) {
    throw invalidOrExpired();
  }
  const user = await findUserWithAccount(trx, row.user_id);
  if (!user) throw invalidOrExpired();
  if (user.account_status !== 'active') throw new DomainError('ACCOUNT_INACTIVE', 'The account is not active.');
  if (user.status !== 'active') throw new DomainError('USER_INACTIVE', 'This user is deactivated.');
  if (user.mfa_enabled) throw new DomainError('MFA_ALREADY_ENABLED', 'MFA is already enabled: sign in with your second factor.');
  return { row, user };
}

/** Anonymous authenticator setup with an enrollment token (not used up: confirm does that). Reuses the MFA setup. */
export async function enrollMfaSetup(ctx: IdentityContext, request: identityV1.EnrollMfaSetupRequest): Promise<identityV1.TotpSetup> {
  const token = presentedToken(request.enrollmentToken);
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const { user } = await openEnrollment(trx, token, now);
    const secret = newTotpSecret();
    await savePendingTotpSecret(trx, user.id, secret, now);
    return { secret, otpauthUrl: otpauthUrl(secret, user.email) };
  });
}

type Outcome = { kind: 'ok'; completed: identityV1.EnrollmentCompleted } | { kind: 'wrong'; attemptsRemaining: number };

/**
 * A code of the pending secret turns MFA on, uses the enrollment token and
 * signs the user in with a session that passed MFA; the recovery codes are
 * answered once. Wrong codes are counted (committed before the error) and
 * burn the token at the fifth.
 */
export async function enrollMfaConfirm(ctx: IdentityContext, request: identityV1.EnrollMfaConfirmRequest): Promise<identityV1.EnrollmentCompleted> {
  const code = (request.code ?? '').trim();
  const errors: Record<string, string[]> = {};
  if ((request.enrollmentToken ?? '').trim() === '') errors.enrollmentToken = ['is required'];
  if (code === '') errors.code = ['is required'];
  if (Object.keys(errors).length > 0) throw DomainError.validation(errors);
  const token = presentedToken(request.enrollmentToken);

  const key = await ctx.keys.current();
  const outcome = await ctx.db.transaction(async (trx): Promise<Outcome> => {
    const now = ctx.clock.now();
    const { row, user } = await openEnrollment(trx, token, now);
    const pending = await findTotpSecret(trx, user.id);
    if (!pending || pending.status !== 'pending') {
      throw new DomainError('INVALID_OPERATION', 'There is no authenticator setup to confirm: start one first.');
    }
    const step = matchTotp(pending.secret, code, now, null);
    if (step === undefined) {
      const failures = await enrollmentTokens.recordFailure(trx, row.id, ENROLLMENT_MAX_ATTEMPTS, now);
      return { kind: 'wrong', attemptsRemaining: Math.max(0, ENROLLMENT_MAX_ATTEMPTS - failures) };
    }
    if (!(await enrollmentTokens.use(trx, row.id, now))) throw invalidOrExpired();
    // The confirming code counts as used: it cannot also sign in.
    await activateTotpSecret(trx, user.id, step, now);
    await setUserMfaEnabled(trx, user.id, true);
    const { recoveryCodes } = await freshRecoveryCodes(trx, user.id, now);
    const sessionId = await insertSession(trx, { userId: user.id, accountId: user.account_id, mfaPassed: true }, now);
    const tokens = await issueTokenPair(ctx, trx, key, { sessionId, userId: user.id, accountId: user.account_id }, now);
    return { kind: 'ok', completed: { tokens, recoveryCodes } };
  });
  if (outcome.kind === 'ok') return outcome.completed;
  throw new DomainError('INVALID_CODE', 'The code is not valid.', { attemptsRemaining: outcome.attemptsRemaining });
}
