import { isValidTraceparent } from '@mp/telemetry';
import { CallbackFieldErrors, isoDateTime, isRequiredText, MAX_ID_LENGTH } from '../ingest/callback-fields';

/**
 * A carrier's delivery receipt (service-contracts "Receipts"), checked and
 * with its reference split. A provider that never gives our reference back
 * (Meta, Twilio) names the message by its carrier id alone: then `reference`
 * and `messageId` are empty and `attempt` 0, and messaging finds the attempt
 * by the connection's accepted submission of that id.
 */
export interface CarrierReceipt {
  eventId: string;
  carrierMessageId: string;
  reference: string;
  messageId: string;
  attempt: number;
  /** `sent` and `read` are recorded as carrier events of the message without moving it (`read` comes with a `delivered`). */
  status: 'delivered' | 'undelivered' | 'sent' | 'read';
  errorCode?: string;
  /** ISO 8601, normalised to UTC. */
  occurredAt: string;
  /** The message's trace (W3C), when the carrier gave one back with a batched receipt. */
  traceparent?: string;
  payload: Record<string, unknown>;
}

const MAX_ERROR_CODE_LENGTH = 64;
/** The most receipts one batched callback may carry (the simulated carrier posts at most this many at a time). */
export const MAX_RECEIPTS_PER_CALLBACK = 100;
// `<messageId>:<attempt>`: the message id may itself hold colons, the attempt is the last part.
const REFERENCE = /^(.+):([1-9][0-9]{0,8})$/;

/** Validates a parsed receipt; every problem is named in `errors` and summed up in the detail. */
export function toCarrierReceipt(body: Record<string, unknown>): CarrierReceipt {
  const errors = new CallbackFieldErrors('carrier receipt');
  const receipt = checkReceipt(body, errors, '');
  errors.throwIfAny();
  return receipt!;
}

/**
 * A receipts callback: one receipt (the object itself) or a batch
 * `{ receipts: [ ... ] }` of 1 to MAX_RECEIPTS_PER_CALLBACK, as carriers that
 * post delivery reports in arrays do (Bandwidth, SendGrid's event webhook).
 * A batch is taken whole or not at all: any bad receipt refuses it, each
 * problem named by its place (`receipts[3].status`). A receipt of a batch
 * may carry its message's `traceparent` (one POST has one header).
 */
export function toCarrierReceipts(body: Record<string, unknown>): CarrierReceipt[] {
  if (!Object.hasOwn(body, 'receipts')) return [toCarrierReceipt(body)];
  const errors = new CallbackFieldErrors('carrier receipts callback');
  const items = body.receipts;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_RECEIPTS_PER_CALLBACK) {
    errors.add('receipts', `receipts must be an array of 1 to ${MAX_RECEIPTS_PER_CALLBACK} receipts.`);
    errors.throwIfAny();
  }
  const receipts = (items as unknown[]).map((item, i) => {
    if (typeof item === 'object' && item !== null && !Array.isArray(item)) return checkReceipt(item as Record<string, unknown>, errors, `receipts[${i}].`);
    errors.add(`receipts[${i}]`, `receipts[${i}] must be a JSON object.`);
    return undefined;
  });
  errors.throwIfAny();
  return receipts as CarrierReceipt[];
}

/** Checks one receipt into `errors` (its fields named after `prefix`); the receipt when it had no problem. */
function checkReceipt(body: Record<string, unknown>, errors: CallbackFieldErrors, prefix: string): CarrierReceipt | undefined {
  const before = errors.count;
  const add = (field: string, message: string) => errors.add(`${prefix}${field}`, prefix ? `${prefix}${message}` : message);
  if (!isRequiredText(body.eventId)) add('eventId', `eventId must be a non-empty string of at most ${MAX_ID_LENGTH} characters.`);
  if (!isRequiredText(body.carrierMessageId)) add('carrierMessageId', `carrierMessageId must be a non-empty string of at most ${MAX_ID_LENGTH} characters.`);
  const reference = typeof body.reference === 'string' ? REFERENCE.exec(body.reference) : null;
  if (!reference || reference[1].length > MAX_ID_LENGTH) add('reference', 'reference must be <messageId>:<attempt> with a positive attempt.');
  if (body.status !== 'delivered' && body.status !== 'undelivered') add('status', 'status must be delivered or undelivered.');
  const errorCode = body.errorCode ?? undefined;
  if (errorCode !== undefined && (typeof errorCode !== 'string' || errorCode.length > MAX_ERROR_CODE_LENGTH)) {
    add('errorCode', `errorCode must be a string of at most ${MAX_ERROR_CODE_LENGTH} characters.`);
  }
  const occurredAt = isoDateTime(body.occurredAt);
  if (!occurredAt) add('occurredAt', 'occurredAt must be an ISO 8601 date-time.');
  if (errors.count > before) return undefined;

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
    // An invalid one is ignored (a new trace), as a traceparent header would be.
    ...(isValidTraceparent(body.traceparent) ? { traceparent: body.traceparent } : {}),
    payload: body,
  };
}
