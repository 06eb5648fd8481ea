import type { Knex } from 'knex';
import { addSeconds } from '../shared/time';
import { findChallenge, insertChallenge, type ChallengePurpose, type WebAuthnChallengeRow } from './passkeys.repository';
import { challengeOf, type CredentialJson } from './webauthn-credential';

/** How long the options of one ceremony stay answerable (also the browser's timeout). */
export const WEBAUTHN_CHALLENGE_TTL_SECONDS = 5 * 60;

export async function saveChallenge(
  trx: Knex.Transaction,
  challenge: { userId: string; purpose: ChallengePurpose; challenge: string; loginChallengeId?: string; action?: string },
  now: Date,
): Promise<void> {
  await insertChallenge(trx, { ...challenge, expiresAt: addSeconds(now, WEBAUTHN_CHALLENGE_TTL_SECONDS) }, now);
}

/**
 * The open challenge a credential answers: issued by us for this purpose and
 * this user (and, for sign-in, this mfaToken), not used and not expired.
 * Undefined otherwise: a replayed, foreign or invented challenge.
 */
export async function challengeAnswered(
  trx: Knex.Transaction,
  credential: CredentialJson,
  expected: { purpose: ChallengePurpose; userId: string; loginChallengeId?: string },
  now: Date,
): Promise<WebAuthnChallengeRow | undefined> {
  const value = challengeOf(credential);
  if (value === undefined) return undefined;
  const row = await findChallenge(trx, value);
  if (!row || row.purpose !== expected.purpose || row.user_id !== expected.userId || row.used_at) return undefined;
  if (expected.loginChallengeId !== undefined && row.login_challenge_id !== expected.loginChallengeId) return undefined;
  if (new Date(row.expires_at).getTime() <= now.getTime()) return undefined;
  return row;
}
