import type { Knex } from 'knex';
import { NOT_HELD } from '../holds/account-hold.repository';
import type { MessageRow } from '../messages/message.types';

/**
 * Scheduled messages whose sendAt has come, of accounts not on hold, urgent
 * first, then the longest due. Read without a lock: each release is a
 * conditional update on `scheduled`, so a cancel that got there first wins
 * and the release just misses.
 */
export async function findDueScheduled(db: Knex, now: Date, limit: number): Promise<MessageRow[]> {
  const result = await db.raw<{ rows: MessageRow[] }>(
    `select * from messages
      where status = 'scheduled' and send_at <= ? and ${NOT_HELD}
      order by case when priority = 'Urgent' then 0 else 1 end, send_at, created_at, id
      limit ?`,
    [now, limit],
  );
  return result.rows;
}
