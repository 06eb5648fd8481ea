import { firstParam, type TwilioParams } from './twilio-form';
import { addressParam, sidParam } from './twilio-fields';
import { refuse, type TwilioRefusal } from './twilio-refusal';

/** Every MessageStatus of Twilio's Message resource (twilio_api_v2010.json `message_enum_status`, CARRIERS.md 3.1). */
export const TWILIO_MESSAGE_STATUSES = [
  'queued', 'sending', 'sent', 'failed', 'delivered', 'undelivered', 'receiving', 'received', 'accepted', 'scheduled', 'read', 'partially_delivered', 'canceled',
] as const; // prettier-ignore
export type TwilioMessageStatus = (typeof TWILIO_MESSAGE_STATUSES)[number];

/** A StatusCallback as Twilio posts it (CARRIERS.md 3.2), the parameters the platform reads. */
export interface TwilioStatusCallback {
  messageSid: string;
  messageStatus: TwilioMessageStatus;
  /** Twilio's error code (30003...), for failed and undelivered. */
  errorCode?: string;
  accountSid?: string;
  to?: string;
  from?: string;
  /** The carrier's DLR done date, `YYMMDDhhmm` in a zone Twilio does not give: kept raw, never read as a time. */
  rawDlrDoneDate?: string;
}

export type TwilioStatusResult = { ok: true; status: TwilioStatusCallback } | TwilioRefusal;

const isStatus = (value: string): value is TwilioMessageStatus => (TWILIO_MESSAGE_STATUSES as readonly string[]).includes(value);

/** The platform's receipt keeps an error code of at most 64 characters (carrier-receipt.rules.ts). */
const MAX_ERROR_CODE_LENGTH = 64;
const RAW_DLR_DONE_DATE = /^[0-9]{10}$/;

/**
 * Reads a status callback. MessageSid and MessageStatus are required (their
 * SmsSid/SmsStatus twins are deprecated and ignored); a status outside
 * Twilio's enum is refused, not guessed at. Parameters Twilio adds without
 * notice are ignored.
 */
export function parseStatusCallback(params: TwilioParams): TwilioStatusResult {
  const messageSid = sidParam(params, 'MessageSid', true);
  if (!messageSid.ok) return messageSid;
  const status = firstParam(params, 'MessageStatus')?.trim().toLowerCase();
  if (!status) return refuse('missing-field', 'MessageStatus is missing.');
  if (!isStatus(status)) return refuse('unknown-status', `MessageStatus ${JSON.stringify(status.slice(0, 40))} is not a status Twilio documents.`);
  const accountSid = sidParam(params, 'AccountSid', false);
  if (!accountSid.ok) return accountSid;
  const to = addressParam(params, 'To', false);
  if (!to.ok) return to;
  const from = addressParam(params, 'From', false);
  if (!from.ok) return from;
  const errorCode = firstParam(params, 'ErrorCode')?.trim() || undefined;
  if (errorCode !== undefined && errorCode.length > MAX_ERROR_CODE_LENGTH) return refuse('invalid-field', `ErrorCode is longer than ${MAX_ERROR_CODE_LENGTH} characters.`);
  // Informational only: one in another shape is left out rather than costing the receipt.
  const rawDlrDone = firstParam(params, 'RawDlrDoneDate')?.trim();
  const rawDlrDoneDate = rawDlrDone && RAW_DLR_DONE_DATE.test(rawDlrDone) ? rawDlrDone : undefined;

  return {
    ok: true,
    status: {
      messageSid: messageSid.value!,
      messageStatus: status,
      ...(errorCode !== undefined && { errorCode }),
      ...(accountSid.value !== undefined && { accountSid: accountSid.value }),
      ...(to.value !== undefined && { to: to.value }),
      ...(from.value !== undefined && { from: from.value }),
      ...(rawDlrDoneDate !== undefined && { rawDlrDoneDate }),
    },
  };
}
