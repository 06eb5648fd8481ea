import type { Knex } from 'knex';
import type { MessageRow } from '../messages/message.types';

/** The message a reply answers, locked for the answer's write; undefined when it is not in that account. */
export async function findMessageForAnswer(trx: Knex.Transaction, where: { id: string; accountId: string }): Promise<MessageRow | undefined> {
  return (await trx<MessageRow>('messages').where({ id: where.id, account_id: where.accountId }).forUpdate().first()) as
    | MessageRow
    | undefined;
}

export async function writeAnswer(
  trx: Knex.Transaction,
  id: string,
  answer: { key: string; value: string; answeredAt: Date; now: Date },
): Promise<void> {
  await trx('messages').where({ id }).update({
    reply_status: 'Answered',
    reply_option_key: answer.key,
    reply_option_value: answer.value,
    answered_at: answer.answeredAt,
    updated_at: answer.now,
  });
}

/**
 * Awaiting -> Expired for up to `limit` messages whose expiresAt has passed,
 * each with its audit entry, in one statement (so the two never disagree).
 * Rows another writer holds (an answer being recorded) are skipped this time.
 * Returns how many expired.
 */
export async function expireReplyWindows(db: Knex, now: Date, limit: number): Promise<number> {
  const result = await db.raw<{ rows: unknown[] }>(
    `with due as (
       select id from messages
        where reply_status = 'Awaiting' and expires_at <= ?
        order by expires_at, id
        limit ?
        for update skip locked
     ), expired as (
       update messages m set reply_status = 'Expired', updated_at = ?
         from due where m.id = due.id and m.reply_status = 'Awaiting'
       returning m.id, m.expires_at
     )
     insert into message_audit (message_id, at, event, from_status, to_status, detail)
     select id, ?, 'reply_window_expired', null, null,
            'reply window closed: expiresAt ' || to_char(expires_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ' passed without an answer'
       from expired
     returning message_id`,
    [now, limit, now, now],
  );
  return result.rows.length;
}
