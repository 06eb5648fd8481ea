import type { Clock } from '@mp/clock';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';

export interface RecordOnceDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
}

/**
 * Stores a verified callback and, only when it was new, enqueues its event
 * with it: each callback is announced exactly once, and never without its
 * row. `insertOf` builds the row's insert, which skips a repeat (returning no
 * row); then nothing changes and the answer is false. One statement where
 * the outbox writer can (a flood of receipts costs one round trip each).
 */
export async function recordOnce(
  deps: RecordOnceDeps,
  insertOf: (db: Knex, recordedAt: Date) => Knex.QueryBuilder,
  event: Parameters<OutboxWriter['enqueue']>[1],
): Promise<boolean> {
  const recordedAt = deps.clock.now();
  if (deps.outbox.enqueueIfInserted) return (await deps.outbox.enqueueIfInserted(deps.db, insertOf(deps.db, recordedAt), event)) !== undefined;
  return deps.db.transaction(async (trx) => {
    const inserted: unknown[] = await insertOf(trx, recordedAt);
    if (inserted.length === 0) return false;
    await deps.outbox.enqueue(trx, event);
    return true;
  });
}
