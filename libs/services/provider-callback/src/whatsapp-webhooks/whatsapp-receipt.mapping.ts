import type { WhatsAppStatus } from './whatsapp-webhook.types';

interface ReceiptCommon {
  /** Stable per (wamid, status): Meta's repeats of the same status, for days, are one event. */
  eventId: string;
  /** The wamid: the carrier message id our send recorded. */
  carrierMessageId: string;
  occurredAt: string;
  recipientId: string;
}

/**
 * What one status means for the platform:
 * - `carrier-event`: `sent` only records a carrier event (Meta has it, no outcome yet);
 * - `receipt`: `delivered` and `read` deliver, `read` also recorded as read
 *   (it may come without `delivered`: Meta sends only `read` when both happen at once);
 *   `failed` is undelivered with Meta's error code;
 * - `none`: a status name this library does not know, kept for a log line.
 */
export type WhatsAppReceipt =
  | (ReceiptCommon & { effect: 'carrier-event'; whatsappStatus: 'sent' })
  | (ReceiptCommon & {
      effect: 'receipt';
      whatsappStatus: 'delivered' | 'read' | 'failed';
      status: 'delivered' | 'undelivered';
      errorCode?: string;
      read: boolean;
    })
  | (ReceiptCommon & { effect: 'none'; reported: string });

/** A status in the platform's receipt terms (see WhatsAppReceipt). */
export function toWhatsAppReceipt(status: WhatsAppStatus): WhatsAppReceipt {
  const name = status.status === 'other' ? status.reported : status.status;
  const common = { eventId: `whatsapp:${status.id}:${name}`, carrierMessageId: status.id, occurredAt: status.occurredAt, recipientId: status.recipientId };
  switch (status.status) {
    case 'sent':
      return { ...common, effect: 'carrier-event', whatsappStatus: 'sent' };
    case 'delivered':
    case 'read':
      return { ...common, effect: 'receipt', whatsappStatus: status.status, status: 'delivered', read: status.status === 'read' };
    case 'failed': {
      // Meta sends one error per failed status; the first is the one kept if it ever sends more.
      const code = status.errors[0]?.code;
      return { ...common, effect: 'receipt', whatsappStatus: 'failed', status: 'undelivered', read: false, ...(code !== undefined ? { errorCode: String(code) } : {}) };
    }
    default:
      return { ...common, effect: 'none', reported: status.reported };
  }
}

/**
 * The fields of a receipts callback item (carrier-receipt.rules toCarrierReceipt)
 * once the wiring has found the send the wamid belongs to: Meta's statuses
 * carry no reference of ours, only the wamid, so `reference`
 * (`<messageId>:<attempt>`) must come from the sent message matched by it.
 */
export function toCarrierReceiptFields(receipt: Extract<WhatsAppReceipt, { effect: 'receipt' }>, reference: string): Record<string, unknown> {
  return {
    eventId: receipt.eventId,
    carrierMessageId: receipt.carrierMessageId,
    reference,
    status: receipt.status,
    errorCode: receipt.errorCode,
    occurredAt: receipt.occurredAt,
  };
}
