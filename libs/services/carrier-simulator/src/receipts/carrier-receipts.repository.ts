import type { QueuedCallbackRow } from '../callbacks/callback-queue.repository';

export type ReceiptStatus = 'delivered' | 'undelivered';

/** A `carrier_receipts` row as the posting job claims it. */
export interface ReceiptRow extends QueuedCallbackRow {
  carrier_message_id: string;
  reference: string;
  /** `sent` only for the WhatsApp Cloud API fake's sends (Meta's first status; whatsapp-cloud/cloud-status-webhook.ts). */
  status: ReceiptStatus | 'sent';
  error_code: string | null;
  occurred_at: Date | string;
  traceparent: string | null;
}
