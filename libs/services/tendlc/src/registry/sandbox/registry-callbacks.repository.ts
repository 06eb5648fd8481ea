import type { Knex } from 'knex';

export const REGISTRY_CALLBACKS = 'sandbox_registry_callbacks';

/** A callback the sandbox registry will post (`sandbox_registry_callbacks`). */
export interface RegistryCallbackRow {
  event_id: string;
  brand_id: string;
  registry_brand_id: string;
  identity_status: string;
  /** The exact JSON posted. */
  body: string;
  next_attempt_at: Date | string;
  attempts: number;
  last_error?: string | null;
  sent_at?: Date | string | null;
  created_at: Date | string;
}

export async function insertRegistryCallback(trx: Knex.Transaction, row: RegistryCallbackRow): Promise<void> {
  await trx(REGISTRY_CALLBACKS).insert(row);
}

/**
 * Claims up to `limit` due callbacks: locks them (SKIP LOCKED, so parallel
 * workers take different rows), pushes their due time to `leaseUntil` and
 * commits, so no transaction stays open while posting; a worker that dies
 * leaves them due again when the lease ends.
 */
export async function claimDueRegistryCallbacks(db: Knex, now: Date, limit: number, leaseUntil: Date): Promise<RegistryCallbackRow[]> {
  return db.transaction(async (trx) => {
    const rows: RegistryCallbackRow[] = await trx(REGISTRY_CALLBACKS)
      .whereNull('sent_at')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .select('*');
    if (rows.length === 0) return [];
    await trx(REGISTRY_CALLBACKS)
      .whereIn(
        'event_id',
        rows.map((r) => r.event_id),
      )
      .update({ next_attempt_at: leaseUntil });
    return rows;
  });
}

export async function markRegistryCallbackSent(db: Knex, eventId: string, attempts: number, now: Date): Promise<void> {
  await db(REGISTRY_CALLBACKS).where({ event_id: eventId }).update({ sent_at: now, attempts, last_error: null });
}

export async function markRegistryCallbackFailed(db: Knex, eventId: string, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db(REGISTRY_CALLBACKS).where({ event_id: eventId }).whereNull('sent_at').update({ attempts, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 500) });
}
