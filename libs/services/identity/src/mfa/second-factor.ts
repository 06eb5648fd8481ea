import type { Knex } from 'knex';
import { sameSecret } from '../shared/secret-token';
import { advanceTotpStep, findTotpSecret, unusedRecoveryCodes, useRecoveryCode } from './mfa.repository';
import { hashRecoveryCode, looksLikeRecoveryCode } from './recovery-codes';
import { matchTotp } from './totp';

/**
 * Accepts an authenticator code of the user's active TOTP secret once: its
 * time step becomes the newest used one, so the same code (or an older one)
 * is refused afterwards. Writes in the caller's transaction.
 */
export async function acceptTotpCode(trx: Knex.Transaction, userId: string, code: string, now: Date): Promise<boolean> {
  const secret = await findTotpSecret(trx, userId);
  if (!secret || secret.status !== 'active') return false;
  const step = matchTotp(secret.secret, code.trim(), now, secret.last_used_step);
  if (step === undefined) return false;
  return advanceTotpStep(trx, userId, step);
}

/** Uses one unused recovery code of the user; every stored hash is compared in constant time. */
export async function acceptRecoveryCode(trx: Knex.Transaction, userId: string, code: string, now: Date): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const presented = hashRecoveryCode(code);
  let found: string | undefined;
  for (const row of await unusedRecoveryCodes(trx, userId)) {
    if (sameSecret(row.code_hash, presented) && found === undefined) found = row.id;
  }
  return found !== undefined && useRecoveryCode(trx, found, now);
}
