import { DomainError } from '@mp/problems';

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

const MAX_ID_LENGTH = 200;
const MAX_ERROR_CODE_LENGTH = 64;
// `<messageId>:<attempt>`: the message id may itself hold colons, the attempt is the last part.
const REFERENCE = /^(.+):([1-9][0-9]{0,8})$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

const requiredId = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '' && value.length <= MAX_ID_LENGTH;

/** Validates a parsed receipt; every problem is named in `errors` and summed up in the detail. */
export function toCarrierReceipt(body: Record<string, unknown>): CarrierReceipt {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  if (!requiredId(body.eventId)) add('eventId', `eventId must be a non-empty string of at most ${MAX_ID_LENGTH} characters.`);
  if (!requiredId(body.carrierMessageId)) add('carrierMessageId', `carrierMessageId must be a non-empty string of at most ${MAX_ID_LENGTH} characters.`);
  const reference = typeof body.reference === 'string' ? REFERENCE.exec(body.reference) : null;
  if (!reference || reference[1].length > MAX_ID_LENGTH) add('reference', 'reference must be <messageId>:<attempt> with a positive attempt.');
  if (body.status !== 'delivered' && body.status !== 'undelivered') add('status', 'status must be delivered or undelivered.');
  const errorCode = body.errorCode ?? undefined;
  if (errorCode !== undefined && (typeof errorCode !== 'string' || errorCode.length > MAX_ERROR_CODE_LENGTH)) {
    add('errorCode', `errorCode must be a string of at most ${MAX_ERROR_CODE_LENGTH} characters.`);
  }
  const occurredAt = typeof body.occurredAt === 'string' && ISO_DATE_TIME.test(body.occurredAt) ? new Date(body.occurredAt) : undefined;
  if (!occurredAt || Number.isNaN(occurredAt.getTime())) add('occurredAt', 'occurredAt must be an ISO 8601 date-time.');

  if (Object.keys(errors).length > 0 || !reference || !occurredAt) {
    const detail = `The carrier receipt is invalid: ${Object.values(errors).flat().join(' ')}`;
    throw new DomainError('INVALID_INPUT', detail, { errors });
  }
  return {
    eventId: body.eventId as string,
    carrierMessageId: body.carrierMessageId as string,
    reference: body.reference as string,
    messageId: reference[1],
    attempt: Number(reference[2]),
    status: body.status as CarrierReceipt['status'],
    errorCode: errorCode as string | undefined,
    occurredAt: occurredAt.toISOString(),
    payload: body,
  };
}
