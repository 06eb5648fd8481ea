import type { Knex } from 'knex';
import type { QueuedCallbackRow } from '../callbacks/callback-queue.repository';

export type ReceiptStatus = 'delivered' | 'undelivered';

export interface ScheduledReceipt {
  eventId: string;
  carrierMessageId: string;
  reference: string;
  status: ReceiptStatus;
  errorCode?: string;
  occurredAt: Date;
  /** The submission's trace, continued by the receipt's callback. */
  traceparent?: string;
}

/** A `carrier_receipts` row as the posting job claims it. */
export interface ReceiptRow extends QueuedCallbackRow {
  carrier_message_id: string;
  reference: string;
  status: ReceiptStatus;
  error_code: string | null;
  occurred_at: Date | string;
  traceparent: string | null;
}

/** A receipt becomes due at the moment its outcome happens. */
export async function scheduleReceipt(db: Knex, receipt: ScheduledReceipt): Promise<void> {
  await db('carrier_receipts').insert({
    event_id: receipt.eventId,
    carrier_message_id: receipt.carrierMessageId,
    reference: receipt.reference,
    status: receipt.status,
    error_code: receipt.errorCode ?? null,
    occurred_at: receipt.occurredAt,
    next_attempt_at: receipt.occurredAt,
    traceparent: receipt.traceparent ?? null,
  });
}
