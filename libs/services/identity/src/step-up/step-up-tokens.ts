import type { identityV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import type { IdentityContext } from '../identity-context';
import { looksLikeSecretToken, newSecretToken, sameSecret, sha256Hex } from '../shared/secret-token';
import { addSeconds, toIso } from '../shared/time';
import type { StepUpAction } from './step-up-action';
import { findStepUpToken, insertStepUpToken, useStepUpToken } from './step-up.repository';

export const STEP_UP_TOKEN_TTL_SECONDS = 5 * 60;

/** A new single-use step-up token for one user and one action; only its hash is stored. */
export async function issueStepUpToken(
  trx: Knex.Transaction,
  subject: { userId: string; action: StepUpAction },
  now: Date,
): Promise<identityV1.StepUpToken> {
  const token = newSecretToken();
  const expiresAt = addSeconds(now, STEP_UP_TOKEN_TTL_SECONDS);
  await insertStepUpToken(trx, { userId: subject.userId, action: subject.action, tokenHash: sha256Hex(token), expiresAt }, now);
  return { stepUpToken: token, action: subject.action, expiresAt: toIso(expiresAt) };
}

/**
 * The one gate of every operation that needs a step-up (spec 5.4). Runs in
 * the operation's transaction: the token is marked used there, so it is
 * consumed only when the operation commits, and a refused operation leaves it
 * usable. A token of another user or for another action is refused without
 * being touched.
 */
export async function consumeStepUpToken(
  ctx: IdentityContext,
  trx: Knex.Transaction,
  request: { userId: string; action: StepUpAction; token: string | undefined },
): Promise<void> {
  const { action, userId } = request;
  const token = (request.token ?? '').trim();
  if (token === '') throw new DomainError('STEP_UP_REQUIRED', `This operation needs a step-up token for ${action}.`, { action });
  const invalid = () => new DomainError('INVALID_OR_EXPIRED', 'The step-up token is invalid or expired.', { action });
  if (!looksLikeSecretToken(token)) throw invalid();

  const tokenHash = sha256Hex(token);
  const row = await findStepUpToken(trx, tokenHash);
  if (!row || !sameSecret(row.token_hash, tokenHash)) throw invalid();
  const now = ctx.clock.now();
  if (row.used_at) throw new DomainError('ALREADY_USED', 'The step-up token was already used.', { action });
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw invalid();
  if (row.user_id !== userId) throw new DomainError('SUBJECT_MISMATCH', 'The step-up token belongs to another user.', { action });
  if (row.action !== action) {
    throw new DomainError('ACTION_MISMATCH', `The step-up token is for ${row.action}, not ${action}.`, { action });
  }
  // Lost a race with a concurrent use of the same token.
  if (!(await useStepUpToken(trx, row.id, now))) throw new DomainError('ALREADY_USED', 'The step-up token was already used.', { action });
}
