import { toWhatsAppReceipt, type WhatsAppStatus } from '../../whatsapp-webhooks';
import type { CarrierReceipt } from '../../carrier-receipts/carrier-receipt.rules';

/**
 * A status as receipts by carrier id (CarrierReceipt): `sent` a carrier event,
 * `delivered` delivers, `failed` is undelivered with Meta's code, and `read`
 * is a `delivered` (Meta may send `read` alone) followed by the `read` event.
 * The `delivered` shares its event id with Meta's own `delivered` status, so
 * whichever comes first is stored and the other is a repeat: a message is
 * delivered once and never moves backwards. Empty for a status not read here.
 */
export function whatsAppReceipts(status: WhatsAppStatus): CarrierReceipt[] {
  const receipt = toWhatsAppReceipt(status);
  const of = (eventId: string, receiptStatus: CarrierReceipt['status'], errorCode?: string): CarrierReceipt => ({
    eventId,
    carrierMessageId: receipt.carrierMessageId,
    reference: '',
    messageId: '',
    attempt: 0,
    status: receiptStatus,
    ...(errorCode !== undefined ? { errorCode } : {}),
    occurredAt: receipt.occurredAt,
    payload: { whatsapp: status },
  });
  if (receipt.effect === 'carrier-event') return [of(receipt.eventId, 'sent')];
  if (receipt.effect === 'none') return [];
  if (receipt.whatsappStatus === 'failed') return [of(receipt.eventId, 'undelivered', receipt.errorCode)];
  const delivered = of(`whatsapp:${receipt.carrierMessageId}:delivered`, 'delivered');
  return receipt.read ? [delivered, of(receipt.eventId, 'read')] : [delivered];
}
