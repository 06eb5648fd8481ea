import type { Knex } from 'knex';
import { IDEMPOTENCY_WINDOW_MS, type IdempotentSend } from './idempotency-key';

const TABLE = 'message_idempotency_keys';

export interface IdempotencyKeyRow {
  account_id: string;
  idempotency_key: string;
  fingerprint: string;
  message_id: string;
  first_seen_at: Date;
}

const windowStart = (now: Date) => new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);

/** The key's row while its 24-hour window is open at `now`. */
export async function findLiveKey(q: Knex, send: IdempotentSend, now: Date): Promise<IdempotencyKeyRow | undefined> {
  return (await q<IdempotencyKeyRow>(TABLE)
    .where({ account_id: send.accountId, idempotency_key: send.key })
    .andWhere('first_seen_at', '>', windowStart(now))
    .first()) as IdempotencyKeyRow | undefined;
}

/**
 * Claims the key for a new message inside the send's transaction: inserts
 * the row, or takes over a row whose window has closed. False when a live
 * row holds the key. On PostgreSQL a racing claim waits on the primary key
 * until the first transaction ends, then sees its row (or, if that one rolled
 * back, claims the key itself), so exactly one message is written.
 */
export async function claimKey(trx: Knex.Transaction, send: IdempotentSend, messageId: string, now: Date): Promise<boolean> {
  const result = await trx.raw(
    `insert into ${TABLE} (account_id, idempotency_key, fingerprint, message_id, first_seen_at) values (?, ?, ?, ?, ?)
     on conflict (account_id, idempotency_key) do update
       set fingerprint = excluded.fingerprint, message_id = excluded.message_id, first_seen_at = excluded.first_seen_at
       where ${TABLE}.first_seen_at <= ?
     returning message_id`,
    [send.accountId, send.key, send.fingerprint, messageId, now, windowStart(now)],
  );
  return (result.rows as unknown[]).length > 0;
}
