import type { TwilioMessageStatus, TwilioStatusCallback } from './twilio-status';

/** A delivery outcome in the platform's carrier receipt shape (carrier-receipt.rules.ts), less the reference Twilio does not echo. */
export interface TwilioReceipt {
  /** Stable per MessageSid and status: Twilio's repeats of one callback share it, so they are stored once. */
  eventId: string;
  carrierMessageId: string;
  status: 'delivered' | 'undelivered';
  errorCode?: string;
  /** When we received it (ISO 8601, UTC): Twilio's callback carries no time with a zone. */
  occurredAt: string;
  /** Twilio's own status (`failed` and `undelivered` are both undelivered here). */
  twilioStatus: TwilioMessageStatus;
  payload: Record<string, unknown>;
}

/** A status recorded as a carrier event of the message, without moving it (`sent`: the carrier took it). */
export interface TwilioCarrierEvent {
  eventId: string;
  carrierMessageId: string;
  rawStatus: 'sent';
  occurredAt: string;
  payload: Record<string, unknown>;
}

/** What a status callback means for the message. */
export type TwilioStatusAction =
  | { kind: 'receipt'; receipt: TwilioReceipt }
  | { kind: 'carrier-event'; event: TwilioCarrierEvent }
  /** A status the platform does not act on (queued, sending, accepted, scheduled, canceled, read, ...): answer 200, store nothing. */
  | { kind: 'ignored'; messageSid: string; status: TwilioMessageStatus };

/** The event id of a status: Twilio repeats a callback with the same MessageSid and status. */
export const twilioStatusEventId = (messageSid: string, status: TwilioMessageStatus): string => `${messageSid}:${status}`;

/**
 * Maps a status onto the lifecycle (issue 29 point 4): `delivered` delivers,
 * `undelivered` and `failed` do not (with Twilio's ErrorCode), `sent` is a
 * carrier event only. `payload` is what is kept as it came.
 */
export function twilioStatusAction(status: TwilioStatusCallback, receivedAt: Date, payload: Record<string, unknown>): TwilioStatusAction {
  const eventId = twilioStatusEventId(status.messageSid, status.messageStatus);
  const occurredAt = receivedAt.toISOString();
  const carrierMessageId = status.messageSid;
  switch (status.messageStatus) {
    case 'delivered':
      return { kind: 'receipt', receipt: { eventId, carrierMessageId, status: 'delivered', occurredAt, twilioStatus: 'delivered', payload } };
    case 'undelivered':
    case 'failed':
      return {
        kind: 'receipt',
        receipt: { eventId, carrierMessageId, status: 'undelivered', ...(status.errorCode !== undefined && { errorCode: status.errorCode }), occurredAt, twilioStatus: status.messageStatus, payload },
      };
    case 'sent':
      return { kind: 'carrier-event', event: { eventId, carrierMessageId, rawStatus: 'sent', occurredAt, payload } };
    default:
      return { kind: 'ignored', messageSid: status.messageSid, status: status.messageStatus };
  }
}

/**
 * The receipt as the body `toCarrierReceipt` checks, once the wiring has found
 * the send's `<messageId>:<attempt>` reference by its carrier message id.
 */
export function carrierReceiptBody(receipt: TwilioReceipt, reference: string): Record<string, unknown> {
  return {
    eventId: receipt.eventId,
    carrierMessageId: receipt.carrierMessageId,
    reference,
    status: receipt.status,
    ...(receipt.errorCode !== undefined && { errorCode: receipt.errorCode }),
    occurredAt: receipt.occurredAt,
    twilio: receipt.payload,
  };
}
