import type { Knex } from 'knex';
import { newId } from './ids';

/** A hashed, single-use token that a wrong code counts against (MFA login challenges, enrollment tokens). */
export interface AttemptLimitedTokenRow {
  id: string;
  user_id: string;
  token_hash: string;
  failed_attempts: number;
  expires_at: Date;
  used_at: Date | null;
  created_at: Date;
}

/** The one implementation of such tokens, bound to the table that holds one kind of them. */
export class AttemptLimitedTokenStore {
  constructor(readonly table: string) {}

  async insert(trx: Knex.Transaction, token: { userId: string; tokenHash: string; expiresAt: Date }, now: Date): Promise<void> {
    await trx(this.table).insert({
      id: newId(),
      user_id: token.userId,
      token_hash: token.tokenHash,
      failed_attempts: 0,
      expires_at: token.expiresAt,
      created_at: now,
    });
  }

  /** Locks the row: concurrent attempts on one token are settled one after the other. */
  find(trx: Knex.Transaction, tokenHash: string): Promise<AttemptLimitedTokenRow | undefined> {
    return trx<AttemptLimitedTokenRow>(this.table).where({ token_hash: tokenHash }).forUpdate().first();
  }

  /** Counts a wrong code; the token is burnt (used) at `maxAttempts`. Answers the new count. */
  async recordFailure(trx: Knex.Transaction, id: string, maxAttempts: number, now: Date): Promise<number> {
    const [row] = await trx(this.table)
      .where({ id })
      .update({
        failed_attempts: trx.raw('failed_attempts + 1'),
        used_at: trx.raw('case when failed_attempts + 1 >= ? then ?::timestamptz else used_at end', [maxAttempts, now.toISOString()]),
      })
      .returning('failed_attempts');
    return Number(row.failed_attempts);
  }

  /** Single use, settled by one conditional statement. */
  async use(trx: Knex.Transaction, id: string, now: Date): Promise<boolean> {
    const rows = await trx(this.table).where({ id }).whereNull('used_at').update({ used_at: now }).returning('id');
    return rows.length === 1;
  }
}
