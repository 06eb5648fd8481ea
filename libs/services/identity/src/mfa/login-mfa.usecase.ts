import type { identityV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { findUserWithAccount } from '../accounts/accounts.repository';
import type { IdentityContext } from '../identity-context';
import { issueTokenPair } from '../sessions/issue-token-pair';
import { insertSession } from '../sessions/sessions.repository';
import { looksLikeSecretToken, newSecretToken, sameSecret, sha256Hex } from '../shared/secret-token';
import { addSeconds, toIso } from '../shared/time';
import { loginChallenges } from './mfa.repository';
import { mfaMethodsOf } from '../passkeys/mfa-methods';
import { MFA_METHODS } from './mfa-status.usecase';
import { acceptRecoveryCode, acceptTotpCode } from './second-factor';

export const MFA_TOKEN_TTL_SECONDS = 5 * 60;
export const MFA_MAX_ATTEMPTS = 5;

/**
 * The first sign-in step passed for a user with MFA on: store a single-use
 * challenge and answer MFA_REQUIRED with its token instead of tokens.
 */
export async function startMfaChallenge(ctx: IdentityContext, userId: string): Promise<never> {
  const mfaToken = newSecretToken();
  const { expiresAt, methods } = await ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const expires = addSeconds(now, MFA_TOKEN_TTL_SECONDS);
    await loginChallenges.insert(trx, { userId, tokenHash: sha256Hex(mfaToken), expiresAt: expires }, now);
    return { expiresAt: expires, methods: (await mfaMethodsOf(trx, ctx.config, userId, MFA_METHODS)).methods };
  });
  throw new DomainError('MFA_REQUIRED', 'Enter a code from your authenticator or a recovery code.', {
    mfaToken,
    mfaTokenExpiresAt: toIso(expiresAt),
    mfaMethods: methods,
  });
}

type Outcome = { kind: 'ok'; pair: identityV1.TokenPair } | { kind: 'wrong'; attemptsRemaining: number };

const challengeInvalid = () => new DomainError('MFA_CHALLENGE_INVALID', 'The MFA challenge is invalid, used or expired; sign in again.');

async function acceptSecondFactor(trx: Knex.Transaction, userId: string, method: string, code: string, now: Date): Promise<boolean> {
  return method === 'totp' ? acceptTotpCode(trx, userId, code, now) : acceptRecoveryCode(trx, userId, code, now);
}

/**
 * The second sign-in step: the mfaToken and a TOTP or recovery code. Five
 * wrong codes burn the challenge; a success uses it and starts a session
 * marked as having passed MFA. Failures are committed before the error.
 */
export async function loginMfa(ctx: IdentityContext, request: identityV1.LoginMfaRequest): Promise<identityV1.TokenPair> {
  const mfaToken = (request.mfaToken ?? '').trim();
  const method = (request.method ?? '').trim();
  const code = (request.code ?? '').trim();
  // Passkeys answer with a credential, not a code: LoginMfaWithPasskey.
  if (method === 'webauthn') throw DomainError.validation({ credential: ['is required for method webauthn'] });
  const errors: Record<string, string[]> = {};
  if (mfaToken === '') errors.mfaToken = ['is required'];
  if (method === '') errors.method = ['is required'];
  else if (!MFA_METHODS.includes(method)) errors.method = [`must be one of ${MFA_METHODS.join(', ')}`];
  if (code === '') errors.code = ['is required'];
  if (Object.keys(errors).length > 0) throw DomainError.validation(errors);
  if (!looksLikeSecretToken(mfaToken)) throw challengeInvalid();

  const key = await ctx.keys.current();
  const outcome = await ctx.db.transaction(async (trx): Promise<Outcome> => {
    const now = ctx.clock.now();
    const tokenHash = sha256Hex(mfaToken);
    const challenge = await loginChallenges.find(trx, tokenHash);
    if (
      !challenge ||
      !sameSecret(challenge.token_hash, tokenHash) ||
      challenge.used_at ||
      new Date(challenge.expires_at).getTime() <= now.getTime()
    ) {
      throw challengeInvalid();
    }
    const user = await findUserWithAccount(trx, challenge.user_id);
    // MFA turned off since the password step: sign in again.
    if (!user || !user.mfa_enabled) throw challengeInvalid();
    if (user.account_status !== 'active') throw new DomainError('ACCOUNT_INACTIVE', 'The account is not active.');
    if (user.status !== 'active') throw new DomainError('USER_INACTIVE', 'This user is deactivated.');

    if (!(await acceptSecondFactor(trx, user.id, method, code, now))) {
      const failures = await loginChallenges.recordFailure(trx, challenge.id, MFA_MAX_ATTEMPTS, now);
      return { kind: 'wrong', attemptsRemaining: Math.max(0, MFA_MAX_ATTEMPTS - failures) };
    }
    if (!(await loginChallenges.use(trx, challenge.id, now))) throw challengeInvalid();
    const sessionId = await insertSession(trx, { userId: user.id, accountId: user.account_id, mfaPassed: true }, now);
    return { kind: 'ok', pair: await issueTokenPair(ctx, trx, key, { sessionId, userId: user.id, accountId: user.account_id }, now) };
  });
  if (outcome.kind === 'ok') return outcome.pair;
  throw new DomainError('INVALID_CODE', 'The code is not valid.', { attemptsRemaining: outcome.attemptsRemaining });
}
