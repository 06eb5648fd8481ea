import { CallbackFieldErrors, isoDateTime, isRequiredText, MAX_ID_LENGTH } from '../ingest/callback-fields';

/** A carrier's delivery receipt (service-contracts "Receipts"), checked and with its reference split. */
export interface CarrierReceipt {
  eventId: string;
  carrierMessageId: string;
  reference: string;
  messageId: string;
  attempt: number;
  status: 'delivered' | 'undelivered';
  errorCode?: string;
  /** ISO 8601, normalised to UTC. */
  occurredAt: string;
  payload: Record<string, unknown>;
}

const MAX_ERROR_CODE_LENGTH = 64;
// `<messageId>:<attempt>`: the message id may itself hold colons, the attempt is the last part.
const REFERENCE = /^(.+):([1-9][0-9]{0,8})$/;

/** Validates a parsed receipt; every problem is named in `errors` and summed up in the detail. */
export function toCarrierReceipt(body: Record<string, unknown>): CarrierReceipt {
  const errors = new CallbackFieldErrors('carrier receipt');

  if (!isRequiredText(body.eventId)) errors.add('eventId', `eventId must be a non-empty string of at most ${MAX_ID_LENGTH} characters.`);
  if (!isRequiredText(body.carrierMessageId)) errors.add('carrierMessageId', `carrierMessageId must be a non-empty string of at most ${MAX_ID_LENGTH} characters.`);
  const reference = typeof body.reference === 'string' ? REFERENCE.exec(body.reference) : null;
  if (!reference || reference[1].length > MAX_ID_LENGTH) errors.add('reference', 'reference must be <messageId>:<attempt> with a positive attempt.');
  if (body.status !== 'delivered' && body.status !== 'undelivered') errors.add('status', 'status must be delivered or undelivered.');
  const errorCode = body.errorCode ?? undefined;
  if (errorCode !== undefined && (typeof errorCode !== 'string' || errorCode.length > MAX_ERROR_CODE_LENGTH)) {
    errors.add('errorCode', `errorCode must be a string of at most ${MAX_ERROR_CODE_LENGTH} characters.`);
  }
  const occurredAt = isoDateTime(body.occurredAt);
  if (!occurredAt) errors.add('occurredAt', 'occurredAt must be an ISO 8601 date-time.');
  errors.throwIfAny();

  const [, messageId, attempt] = reference!;
  return {
    eventId: body.eventId as string,
    carrierMessageId: body.carrierMessageId as string,
    reference: body.reference as string,
    messageId,
    attempt: Number(attempt),
    status: body.status as CarrierReceipt['status'],
    errorCode: errorCode as string | undefined,
    occurredAt: occurredAt!.toISOString(),
    payload: body,
  };
}
