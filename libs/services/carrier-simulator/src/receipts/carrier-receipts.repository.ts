import type { QueuedCallbackRow } from '../callbacks/callback-queue.repository';

export type ReceiptStatus = 'delivered' | 'undelivered';

/** A `carrier_receipts` row as the posting job claims it. */
export interface ReceiptRow extends QueuedCallbackRow {
  carrier_message_id: string;
  reference: string;
  status: ReceiptStatus;
  error_code: string | null;
  occurred_at: Date | string;
  traceparent: string | null;
}
