import type { CallbackQueue } from '../callbacks/post-callbacks.job';
import type { ReceiptRow } from './carrier-receipts.repository';

/**
 * The receipt as the carrier posts it (service-contracts "Receipts"), its
 * fields in a fixed order so a retried post carries identical bytes.
 */
export function receiptPayload(row: ReceiptRow): Record<string, string> {
  const payload: Record<string, string> = {
    eventId: row.event_id,
    carrierMessageId: row.carrier_message_id,
    reference: row.reference,
    status: row.status,
  };
  if (row.error_code !== null) payload.errorCode = row.error_code;
  payload.occurredAt = new Date(row.occurred_at).toISOString();
  // The submission's trace, given back per receipt: a batched post has one traceparent header for many messages.
  if (row.traceparent) payload.traceparent = row.traceparent;
  return payload;
}

/** The most receipts the simulated carrier posts at once (the platform takes up to 100 per callback). */
export const RECEIPTS_PER_POST = 100;

/** Delivery receipts, posted to the platform's `/receipts` callback in batches `{ receipts: [...] }`. */
export const RECEIPT_QUEUE: CallbackQueue<ReceiptRow> = {
  name: 'carrier-simulator.deliver-receipts',
  table: 'carrier_receipts',
  route: 'receipts',
  payload: receiptPayload,
  traceparent: (row) => row.traceparent ?? undefined,
  batch: { size: RECEIPTS_PER_POST, body: (receipts) => ({ receipts }) },
};
