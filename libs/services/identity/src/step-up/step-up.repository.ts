import type { Knex } from 'knex';
import { newId } from '../shared/ids';
import type { StepUpAction } from './step-up-action';

export const STEP_UP_TOKENS = 'step_up_tokens';
export const STEP_UP_FAILURES = 'step_up_failures';
export const EMAIL_OTPS = 'email_otps';

export interface StepUpTokenRow {
  id: string;
  user_id: string;
  action: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export interface StepUpFailureRow {
  user_id: string;
  failures: number;
  window_started_at: Date;
  locked_until: Date | null;
}

export interface EmailOtpRow {
  user_id: string;
  action: string;
  code_hash: string;
  failed_attempts: number;
  expires_at: Date;
  created_at: Date;
}

export async function insertStepUpToken(
  trx: Knex.Transaction,
  token: { userId: string; action: StepUpAction; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await trx(STEP_UP_TOKENS).insert({
    id: newId(),
    user_id: token.userId,
    action: token.action,
    token_hash: token.tokenHash,
    expires_at: token.expiresAt,
    created_at: now,
  });
}

export async function findStepUpToken(trx: Knex.Transaction, tokenHash: string): Promise<StepUpTokenRow | undefined> {
  return trx<StepUpTokenRow>(STEP_UP_TOKENS).where({ token_hash: tokenHash }).forUpdate().first();
}

/** Single use, settled by one conditional statement. */
export async function useStepUpToken(trx: Knex.Transaction, id: string, now: Date): Promise<boolean> {
  const rows = await trx(STEP_UP_TOKENS).where({ id }).whereNull('used_at').update({ used_at: now }).returning('id');
  return rows.length === 1;
}

export async function findStepUpFailures(trx: Knex.Transaction, userId: string): Promise<StepUpFailureRow | undefined> {
  return trx<StepUpFailureRow>(STEP_UP_FAILURES).where({ user_id: userId }).forUpdate().first();
}

export async function saveStepUpFailures(trx: Knex.Transaction, row: StepUpFailureRow): Promise<void> {
  await trx(STEP_UP_FAILURES).insert(row).onConflict('user_id').merge();
}

export async function clearStepUpFailures(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx(STEP_UP_FAILURES).where({ user_id: userId }).delete();
}

/** Issuing again replaces the previous code (and its attempt count). */
export async function saveEmailOtp(trx: Knex.Transaction, row: EmailOtpRow): Promise<void> {
  await trx(EMAIL_OTPS).insert(row).onConflict('user_id').merge();
}

export async function findEmailOtp(trx: Knex.Transaction, userId: string): Promise<EmailOtpRow | undefined> {
  return trx<EmailOtpRow>(EMAIL_OTPS).where({ user_id: userId }).forUpdate().first();
}

export async function recordEmailOtpFailure(trx: Knex.Transaction, userId: string): Promise<number> {
  const [row] = await trx(EMAIL_OTPS)
    .where({ user_id: userId })
    .update({ failed_attempts: trx.raw('failed_attempts + 1') })
    .returning('failed_attempts');
  return Number(row.failed_attempts);
}

export async function deleteEmailOtp(trx: Knex.Transaction, userId: string): Promise<void> {
  await trx(EMAIL_OTPS).where({ user_id: userId }).delete();
}
