import type { Knex } from 'knex';
import { AttemptLimitedTokenStore, type AttemptLimitedTokenRow } from '../shared/attempt-limited-token.store';
import { USERS } from '../accounts/accounts.repository';
import { deletePasskeysOf } from '../passkeys/passkeys.repository';
import { newId } from '../shared/ids';

export const MFA_TOTP_SECRETS = 'mfa_totp_secrets';
export const MFA_RECOVERY_CODES = 'mfa_recovery_codes';
export const MFA_LOGIN_CHALLENGES = 'mfa_login_challenges';

export interface TotpSecretRow {
  user_id: string;
  secret: string;
  status: 'pending' | 'active';
  last_used_step: number | null;
  created_at: Date;
  confirmed_at: Date | null;
}

export type LoginChallengeRow = AttemptLimitedTokenRow;

export async function findTotpSecret(db: Knex, userId: string): Promise<TotpSecretRow | undefined> {
  return db<TotpSecretRow>(MFA_TOTP_SECRETS).where({ user_id: userId }).first();
}

/** A new setup replaces an earlier one that was never confirmed. */
export async function savePendingTotpSecret(trx: Knex.Transaction, userId: string, secret: string, now: Date): Promise<void> {
  await trx(MFA_TOTP_SECRETS)
    .insert({ user_id: userId, secret, status: 'pending', last_used_step: null, created_at: now, confirmed_at: null })
    .onConflict('user_id')
    .merge();
}

export async function activateTotpSecret(trx: Knex.Transaction, userId: string, step: number, now: Date): Promise<void> {
  await trx(MFA_TOTP_SECRETS).where({ user_id: userId }).update({ status: 'active', confirmed_at: now, last_used_step: step });
}

/**
 * Records `step` as the newest accepted one, only if it is later than the one
 * stored: of two concurrent uses of the same code exactly one wins.
 */
export async function advanceTotpStep(trx: Knex.Transaction, userId: string, step: number): Promise<boolean> {
  const rows = await trx(MFA_TOTP_SECRETS)
    .where({ user_id: userId })
    .andWhere((q) => q.whereNull('last_used_step').orWhere('last_used_step', '<', step))
    .update({ last_used_step: step })
    .returning('user_id');
  return rows.length === 1;
}

export async function setUserMfaEnabled(trx: Knex.Transaction, userId: string, enabled: boolean): Promise<void> {
  await trx(USERS).where({ id: userId }).update({ mfa_enabled: enabled });
}

export async function replaceRecoveryCodes(trx: Knex.Transaction, userId: string, codeHashes: string[], now: Date): Promise<void> {
  await trx(MFA_RECOVERY_CODES).where({ user_id: userId }).delete();
  await trx(MFA_RECOVERY_CODES).insert(codeHashes.map((code_hash) => ({ id: newId(), user_id: userId, code_hash, created_at: now })));
}

export async function unusedRecoveryCodes(db: Knex, userId: string): Promise<{ id: string; code_hash: string }[]> {
  return db(MFA_RECOVERY_CODES).where({ user_id: userId }).whereNull('used_at').select('id', 'code_hash');
}

export async function countUnusedRecoveryCodes(db: Knex, userId: string): Promise<number> {
  const row = await db(MFA_RECOVERY_CODES).where({ user_id: userId }).whereNull('used_at').count<{ count: string | number }[]>('id as count');
  return Number(row[0]?.count ?? 0);
}

/** Single use, settled by one conditional statement. */
export async function useRecoveryCode(trx: Knex.Transaction, id: string, now: Date): Promise<boolean> {
  const rows = await trx(MFA_RECOVERY_CODES).where({ id }).whereNull('used_at').update({ used_at: now }).returning('id');
  return rows.length === 1;
}

/** Everything a user's MFA consists of, passkeys included (spec 4.1). */
export async function deleteMfaFactors(trx: Knex.Transaction, userId: string): Promise<void> {
  await deletePasskeysOf(trx, userId);
  await trx(MFA_RECOVERY_CODES).where({ user_id: userId }).delete();
  await trx(MFA_TOTP_SECRETS).where({ user_id: userId }).delete();
  await trx(MFA_LOGIN_CHALLENGES).where({ user_id: userId }).delete();
}

/** The mfaTokens of MFA_REQUIRED. */
export const loginChallenges = new AttemptLimitedTokenStore(MFA_LOGIN_CHALLENGES);
