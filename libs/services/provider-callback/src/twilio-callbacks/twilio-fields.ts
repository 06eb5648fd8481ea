import { firstParam, type TwilioParams } from './twilio-form';
import { refuse, type TwilioRefusal } from './twilio-refusal';

/** A Twilio sid: two letters and 32 characters (34 in all, as Twilio documents MessageSid and AccountSid). */
const SID = /^[A-Z]{2}[0-9A-Za-z]{32}$/;
/** The longest address taken (an email-length bound, as the platform's inbound record has; `whatsapp:` included). */
export const MAX_TWILIO_ADDRESS_LENGTH = 320;

export type Field = { ok: true; value: string | undefined } | TwilioRefusal;

/** A required sid-shaped parameter. */
export function sidParam(params: TwilioParams, name: string, required: boolean): Field {
  const value = firstParam(params, name);
  if (value === undefined || value === '') return required ? refuse('missing-field', `${name} is missing.`) : { ok: true, value: undefined };
  return SID.test(value) ? { ok: true, value } : refuse('invalid-field', `${name} is not a 34-character Twilio sid.`);
}

/** A required address (a number, a short code, or `whatsapp:` + a number). */
export function addressParam(params: TwilioParams, name: string, required: boolean): Field {
  const value = firstParam(params, name)?.trim();
  if (value === undefined || value === '') return required ? refuse('missing-field', `${name} is missing.`) : { ok: true, value: undefined };
  return value.length <= MAX_TWILIO_ADDRESS_LENGTH ? { ok: true, value } : refuse('invalid-field', `${name} is longer than ${MAX_TWILIO_ADDRESS_LENGTH} characters.`);
}

/** An optional count (NumMedia, NumSegments). */
export function countParam(params: TwilioParams, name: string): { ok: true; value: number | undefined } | TwilioRefusal {
  const value = firstParam(params, name);
  if (value === undefined || value === '') return { ok: true, value: undefined };
  return /^[0-9]{1,4}$/.test(value) ? { ok: true, value: Number(value) } : refuse('invalid-field', `${name} is not a count.`);
}
