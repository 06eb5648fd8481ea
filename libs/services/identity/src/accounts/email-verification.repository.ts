import type { Knex } from 'knex';
import { newId } from '../shared/ids';

export const EMAIL_VERIFICATION_TOKENS = 'email_verification_tokens';

export async function insertVerificationToken(
  trx: Knex.Transaction,
  token: { accountId: string; userId: string; tokenHash: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await trx(EMAIL_VERIFICATION_TOKENS).insert({
    id: newId(),
    account_id: token.accountId,
    user_id: token.userId,
    token_hash: token.tokenHash,
    expires_at: token.expiresAt,
    created_at: now,
  });
}

/**
 * Uses the token if it is unused and unexpired, in one conditional statement
 * so the same token cannot verify twice even when presented concurrently.
 */
export async function consumeVerificationToken(
  trx: Knex.Transaction,
  tokenHash: string,
  now: Date,
): Promise<{ account_id: string; user_id: string } | undefined> {
  const rows = await trx(EMAIL_VERIFICATION_TOKENS)
    .where({ token_hash: tokenHash })
    .whereNull('used_at')
    .andWhere('expires_at', '>', now)
    .update({ used_at: now })
    .returning(['account_id', 'user_id']);
  return rows[0];
}
