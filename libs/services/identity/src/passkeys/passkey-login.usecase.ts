import { generateAuthenticationOptions } from '@simplewebauthn/server';
import type { identityV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { findUserWithAccount } from '../accounts/accounts.repository';
import type { IdentityContext } from '../identity-context';
import { MFA_MAX_ATTEMPTS } from '../mfa/login-mfa.usecase';
import { loginChallenges, type LoginChallengeRow } from '../mfa/mfa.repository';
import { issueTokenPair } from '../sessions/issue-token-pair';
import { insertSession } from '../sessions/sessions.repository';
import { looksLikeSecretToken, sameSecret, sha256Hex } from '../shared/secret-token';
import { acceptPasskeyAssertion } from './passkey-assertion';
import { passkeysOf, useChallenge, type PasskeyRow } from './passkeys.repository';
import { requireRelyingParty, type RelyingParty } from './relying-party';
import { challengeAnswered, saveChallenge, WEBAUTHN_CHALLENGE_TTL_SECONDS } from './webauthn-challenges';
import { parseCredential, verificationFailed } from './webauthn-credential';

const challengeInvalid = () => new DomainError('MFA_CHALLENGE_INVALID', 'The MFA challenge is invalid, used or expired; sign in again.');

export const noPasskeys = () => new DomainError('INVALID_OPERATION', 'This user has no passkey: use the authenticator instead.');

function parseMfaToken(value: string | undefined): string {
  const mfaToken = (value ?? '').trim();
  if (mfaToken === '') throw DomainError.validation({ mfaToken: ['is required'] });
  if (!looksLikeSecretToken(mfaToken)) throw challengeInvalid();
  return mfaToken;
}

/** The open MFA challenge behind an mfaToken and its user, as LoginMfa checks them. */
async function openLoginChallenge(trx: Knex.Transaction, mfaToken: string, now: Date) {
  const tokenHash = sha256Hex(mfaToken);
  const challenge = await loginChallenges.find(trx, tokenHash);
  if (!challenge || !sameSecret(challenge.token_hash, tokenHash) || challenge.used_at || new Date(challenge.expires_at).getTime() <= now.getTime()) {
    throw challengeInvalid();
  }
  const user = await findUserWithAccount(trx, challenge.user_id);
  // MFA turned off since the password step: sign in again.
  if (!user || !user.mfa_enabled) throw challengeInvalid();
  if (user.account_status !== 'active') throw new DomainError('ACCOUNT_INACTIVE', 'The account is not active.');
  if (user.status !== 'active') throw new DomainError('USER_INACTIVE', 'This user is deactivated.');
  return { challenge: challenge as LoginChallengeRow, user };
}

/** Request options naming the user's passkeys, for navigator.credentials.get. */
export async function assertionOptions(rp: RelyingParty, passkeys: PasskeyRow[]) {
  return generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports as never })),
    userVerification: 'preferred',
    timeout: WEBAUTHN_CHALLENGE_TTL_SECONDS * 1000,
  });
}

/** Passkey options for the second sign-in step, bound to the mfaToken and its user. */
export async function startPasskeyLogin(ctx: IdentityContext, request: identityV1.StartPasskeyLoginRequest): Promise<identityV1.WebAuthnOptions> {
  const rp = requireRelyingParty(ctx.config);
  const mfaToken = parseMfaToken(request.mfaToken);
  return ctx.db.transaction(async (trx) => {
    const now = ctx.clock.now();
    const { challenge, user } = await openLoginChallenge(trx, mfaToken, now);
    const passkeys = await passkeysOf(trx, user.id);
    if (passkeys.length === 0) throw noPasskeys();
    const options = await assertionOptions(rp, passkeys);
    await saveChallenge(trx, { userId: user.id, purpose: 'login', challenge: options.challenge, loginChallengeId: challenge.id }, now);
    return { optionsJson: JSON.stringify(options) };
  });
}

type Outcome = { kind: 'ok'; pair: identityV1.TokenPair } | { kind: 'failed'; attemptsRemaining: number };

/**
 * The second sign-in step with a passkey (method `webauthn`). A failed
 * assertion counts as a wrong code against the mfaToken (five burn it) and
 * spends the passkey challenge; failures are committed before the error.
 */
export async function loginMfaWithPasskey(ctx: IdentityContext, request: identityV1.LoginMfaWithPasskeyRequest): Promise<identityV1.TokenPair> {
  const rp = requireRelyingParty(ctx.config);
  const mfaToken = parseMfaToken(request.mfaToken);
  const credential = parseCredential(request.credentialJson);
  const key = await ctx.keys.current();
  const outcome = await ctx.db.transaction(async (trx): Promise<Outcome> => {
    const now = ctx.clock.now();
    const { challenge, user } = await openLoginChallenge(trx, mfaToken, now);
    const answered = await challengeAnswered(trx, credential, { purpose: 'login', userId: user.id, loginChallengeId: challenge.id }, now);
    const passkey = answered ? await acceptPasskeyAssertion(trx, rp, user.id, credential, answered, now) : undefined;
    if (answered) await useChallenge(trx, answered.id, now);
    if (!passkey) {
      const failures = await loginChallenges.recordFailure(trx, challenge.id, MFA_MAX_ATTEMPTS, now);
      return { kind: 'failed', attemptsRemaining: Math.max(0, MFA_MAX_ATTEMPTS - failures) };
    }
    if (!(await loginChallenges.use(trx, challenge.id, now))) throw challengeInvalid();
    const sessionId = await insertSession(trx, { userId: user.id, accountId: user.account_id, mfaPassed: true }, now);
    return { kind: 'ok', pair: await issueTokenPair(ctx, trx, key, { sessionId, userId: user.id, accountId: user.account_id }, now) };
  });
  if (outcome.kind === 'ok') return outcome.pair;
  throw verificationFailed('The passkey could not be verified: request new options and try again.', { attemptsRemaining: outcome.attemptsRemaining });
}
