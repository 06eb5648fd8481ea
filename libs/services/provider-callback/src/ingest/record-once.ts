import type { Clock } from '@mp/clock';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';

export interface RecordOnceDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
}

/**
 * Stores a verified callback and, only when it was new, enqueues its event in
 * the same transaction: each callback is announced exactly once, and never
 * without its row. `insertIfNew` answers false for a repeat; then nothing
 * changes and the answer is false.
 */
export function recordOnce(
  deps: RecordOnceDeps,
  insertIfNew: (trx: Knex.Transaction, recordedAt: Date) => Promise<boolean>,
  event: Parameters<OutboxWriter['enqueue']>[1],
): Promise<boolean> {
  return deps.db.transaction(async (trx) => {
    if (!(await insertIfNew(trx, deps.clock.now()))) return false;
    await deps.outbox.enqueue(trx, event);
    return true;
  });
}
