import type { Knex } from 'knex';
import { contentKeyOf, storeDeliveries, type NewSmppDelivery } from './smpp-deliveries.repository';

/** Rows of one insert at most (23 parameters each, far below PostgreSQL's 65535). */
export const MAX_GROUP_ROWS = 256;

interface Waiting {
  row: NewSmppDelivery;
  settle: (outcome: { fresh: boolean } | { error: unknown }) => void;
}

/**
 * Group commit of deliver_sm rows: those handed over in the same event-loop
 * turn, or while the previous insert is in flight, go into one insert (one
 * insert in flight at a time, so ids follow arrival order). Each caller's
 * promise settles when the insert that holds its row has committed (fresh or
 * a resend), or rejects with that insert's error: a failed insert fails
 * exactly the rows in it. Copies of one deliver_sm in one group are settled
 * here: the first is inserted, a copy within the resend window is a resend
 * of it, answered once the first is stored; a copy past the window waits for
 * the next insert (which sees the first stored).
 */
export function deliveryGroupCommit(db: Knex, resendWindowMs: number): (row: NewSmppDelivery) => Promise<boolean> {
  let queue: Waiting[] = [];
  let flushing = false;

  async function insertGroup(group: Waiting[]): Promise<Waiting[]> {
    const inserted = new Map<string, Waiting>();
    const copies: Waiting[] = [];
    const later: Waiting[] = [];
    for (const waiting of group) {
      const first = inserted.get(contentKeyOf(waiting.row));
      if (!first) inserted.set(contentKeyOf(waiting.row), waiting);
      else if (first.row.received_at.getTime() > waiting.row.received_at.getTime() - resendWindowMs) copies.push(waiting);
      else later.push(waiting);
    }
    const rows = [...inserted.values()];
    try {
      const fresh = await storeDeliveries(
        db,
        rows.map((w) => w.row),
        resendWindowMs,
      );
      rows.forEach((w, i) => w.settle({ fresh: fresh[i] }));
      for (const copy of copies) copy.settle({ fresh: false });
    } catch (error) {
      for (const w of [...rows, ...copies]) w.settle({ error });
    }
    return later;
  }

  async function flush(): Promise<void> {
    try {
      while (queue.length > 0) {
        const group = queue.slice(0, MAX_GROUP_ROWS);
        queue = queue.slice(MAX_GROUP_ROWS);
        const later = await insertGroup(group);
        queue = [...later, ...queue];
      }
    } finally {
      flushing = false;
    }
  }

  return (row) =>
    new Promise<boolean>((resolve, reject) => {
      queue.push({ row, settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.fresh)) });
      if (flushing) return;
      flushing = true;
      // The rest of this turn's deliver_sm (a socket read holds several) join the group.
      setImmediate(() => void flush());
    });
}
