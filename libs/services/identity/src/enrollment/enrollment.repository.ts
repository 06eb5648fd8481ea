import type { Knex } from 'knex';
import { newId } from '../shared/ids';

export const MFA_ENROLLMENT_TOKENS = 'mfa_enrollment_tokens';

export interface EnrollmentTokenRow {
  id: string;
  user_id: string;
  token_hash: string;
  failed_attempts: number;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

export async function insertEnrollmentToken(
  trx: Knex.Transaction,
  token: { userId: string; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await trx(MFA_ENROLLMENT_TOKENS).insert({
    id: newId(),
    user_id: token.userId,
    token_hash: token.tokenHash,
    failed_attempts: 0,
    expires_at: token.expiresAt,
    created_at: now,
  });
}

export async function findEnrollmentToken(trx: Knex.Transaction, tokenHash: string): Promise<EnrollmentTokenRow | undefined> {
  return trx<EnrollmentTokenRow>(MFA_ENROLLMENT_TOKENS).where({ token_hash: tokenHash }).forUpdate().first();
}

/** Counts a wrong code; the token is burnt (used) at `maxAttempts`. Answers the new count. */
export async function recordEnrollmentFailure(trx: Knex.Transaction, id: string, maxAttempts: number, now: Date): Promise<number> {
  const [row] = await trx(MFA_ENROLLMENT_TOKENS)
    .where({ id })
    .update({
      failed_attempts: trx.raw('failed_attempts + 1'),
      used_at: trx.raw('case when failed_attempts + 1 >= ? then ?::timestamptz else used_at end', [maxAttempts, now.toISOString()]),
    })
    .returning('failed_attempts');
  return Number(row.failed_attempts);
}

/** Single use, settled by one conditional statement. */
export async function useEnrollmentToken(trx: Knex.Transaction, id: string, now: Date): Promise<boolean> {
  const rows = await trx(MFA_ENROLLMENT_TOKENS).where({ id }).whereNull('used_at').update({ used_at: now }).returning('id');
  return rows.length === 1;
}
