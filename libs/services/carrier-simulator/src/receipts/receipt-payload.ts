import { createHmac } from 'node:crypto';
import type { PendingReceipt } from './carrier-receipts.repository';

/**
 * The receipt as the carrier posts it (service-contracts "Receipts"). Built the
 * same way on every retry, so a retried post carries identical bytes.
 */
export function receiptBody(receipt: PendingReceipt): Buffer {
  const payload: Record<string, string> = {
    eventId: receipt.eventId,
    carrierMessageId: receipt.carrierMessageId,
    reference: receipt.reference,
    status: receipt.status,
  };
  if (receipt.errorCode !== undefined) payload.errorCode = receipt.errorCode;
  payload.occurredAt = receipt.occurredAt.toISOString();
  return Buffer.from(JSON.stringify(payload), 'utf8');
}

/** `X-Signature`: lowercase hex HMAC-SHA256 of exactly the bytes sent. */
export function signBody(secret: string, body: Buffer): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}
