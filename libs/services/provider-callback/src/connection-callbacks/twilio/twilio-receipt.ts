import type { CarrierReceipt } from '../../carrier-receipts/carrier-receipt.rules';
import type { TwilioStatusAction } from '../../twilio-callbacks';

/** A status callback as a receipt by carrier id (CarrierReceipt): the MessageSid names the message; undefined for a status not acted on. */
export function twilioReceipt(action: TwilioStatusAction): CarrierReceipt | undefined {
  if (action.kind === 'ignored') return undefined;
  const common = { reference: '', messageId: '', attempt: 0 };
  if (action.kind === 'carrier-event') {
    const { event } = action;
    return { ...common, eventId: event.eventId, carrierMessageId: event.carrierMessageId, status: 'sent', occurredAt: event.occurredAt, payload: { twilio: event.payload } };
  }
  const { receipt } = action;
  return {
    ...common,
    eventId: receipt.eventId,
    carrierMessageId: receipt.carrierMessageId,
    status: receipt.status,
    ...(receipt.errorCode !== undefined ? { errorCode: receipt.errorCode } : {}),
    occurredAt: receipt.occurredAt,
    payload: { twilio: receipt.payload },
  };
}
