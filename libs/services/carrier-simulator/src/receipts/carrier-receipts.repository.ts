import type { Knex } from 'knex';

export type ReceiptStatus = 'delivered' | 'undelivered';

export interface PendingReceipt {
  eventId: string;
  carrierMessageId: string;
  reference: string;
  status: ReceiptStatus;
  errorCode?: string;
  occurredAt: Date;
  /** Posts tried so far. */
  attempts: number;
}

interface ReceiptRow {
  event_id: string;
  carrier_message_id: string;
  reference: string;
  status: ReceiptStatus;
  error_code: string | null;
  occurred_at: Date | string;
  attempts: number;
}

const toReceipt = (row: ReceiptRow): PendingReceipt => ({
  eventId: row.event_id,
  carrierMessageId: row.carrier_message_id,
  reference: row.reference,
  status: row.status,
  errorCode: row.error_code ?? undefined,
  occurredAt: new Date(row.occurred_at),
  attempts: row.attempts,
});

/** A receipt becomes due at the moment its outcome happens. */
export async function scheduleReceipt(db: Knex, receipt: Omit<PendingReceipt, 'attempts'>): Promise<void> {
  await db('carrier_receipts').insert({
    event_id: receipt.eventId,
    carrier_message_id: receipt.carrierMessageId,
    reference: receipt.reference,
    status: receipt.status,
    error_code: receipt.errorCode ?? null,
    occurred_at: receipt.occurredAt,
    next_attempt_at: receipt.occurredAt,
  });
}

/**
 * Claims up to `limit` due receipts: locks them (SKIP LOCKED, so parallel
 * workers take different rows) and pushes their due time to `leaseUntil`, then
 * commits, so that no transaction stays open while posting. A claim whose
 * worker dies is simply due again when the lease ends.
 */
export async function claimDueReceipts(db: Knex, now: Date, limit: number, leaseUntil: Date): Promise<PendingReceipt[]> {
  return db.transaction(async (trx) => {
    const rows = await trx<ReceiptRow>('carrier_receipts')
      .whereNull('sent_at')
      .where('next_attempt_at', '<=', now)
      .orderBy('next_attempt_at')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .select('event_id', 'carrier_message_id', 'reference', 'status', 'error_code', 'occurred_at', 'attempts');
    if (rows.length === 0) return [];
    await trx('carrier_receipts')
      .whereIn(
        'event_id',
        rows.map((r) => r.event_id),
      )
      .update({ next_attempt_at: leaseUntil });
    return rows.map(toReceipt);
  });
}

export async function markReceiptSent(db: Knex, eventId: string, attempts: number, now: Date): Promise<void> {
  await db('carrier_receipts').where({ event_id: eventId }).update({ sent_at: now, attempts, last_error: null });
}

export async function markReceiptFailed(db: Knex, eventId: string, attempts: number, nextAttemptAt: Date, error: string): Promise<void> {
  await db('carrier_receipts')
    .where({ event_id: eventId })
    .whereNull('sent_at')
    .update({ attempts, next_attempt_at: nextAttemptAt, last_error: error.slice(0, 500) });
}
