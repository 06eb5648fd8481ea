import { preparedRaw } from '@mp/db';
import type { Knex } from 'knex';

/**
 * The tables of callbacks waiting to be posted. Each has `event_id` (primary
 * key), `next_attempt_at` (due time, or a claim's lease), `attempts`,
 * `last_error` and `sent_at`; the rest of a row is what its body is built from.
 */
export type CallbackTable = 'carrier_receipts' | 'inbound_callbacks';

/** What every queued callback row has; a queue's own columns come on top. */
export interface QueuedCallbackRow {
  event_id: string;
  /** Posts tried so far. */
  attempts: number;
}

/**
 * Claims up to `limit` due callbacks, oldest first, in one statement: locks
 * them (SKIP LOCKED, so parallel workers take different rows) and pushes their
 * due time to `leaseUntil`, so that no transaction stays open while posting
 * (nor for an empty look). A claim whose worker dies is simply due again when
 * the lease ends.
 */
export async function claimDueCallbacks<Row extends QueuedCallbackRow>(
  db: Knex,
  table: CallbackTable,
  now: Date,
  limit: number,
  leaseUntil: Date,
): Promise<Row[]> {
  // The table is one of two fixed names, written into the text: one prepared statement per table.
  const result = await preparedRaw<{ rows: unknown[] }>(
    db,
    `with due as (
       select event_id, next_attempt_at as due_at from "${table}" where sent_at is null and next_attempt_at <= ?
        order by next_attempt_at limit ? for update skip locked
     )
     update "${table}" as q set next_attempt_at = ? from due where q.event_id = due.event_id
     returning q.*, due.due_at`,
    [now, limit, leaseUntil],
  );
  const rows = result.rows as Array<Row & { due_at: Date }>;
  return rows
    .sort((a, b) => new Date(a.due_at).getTime() - new Date(b.due_at).getTime())
    .map(({ due_at: _dueAt, ...row }) => row as unknown as Row);
}

/** Callbacks the platform accepted, each counting the attempt that got through: one statement for a pass. */
export async function markCallbacksSent(db: Knex, table: CallbackTable, eventIds: string[], now: Date): Promise<void> {
  if (eventIds.length === 0) return;
  await db(table)
    .whereIn('event_id', eventIds)
    .update({ sent_at: now, attempts: db.raw('attempts + 1'), last_error: null });
}

export async function markCallbackFailed(db: Knex, table: CallbackTable, eventId: string, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db(table)
    .where({ event_id: eventId })
    .whereNull('sent_at')
    .update({ attempts, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 500) });
}
