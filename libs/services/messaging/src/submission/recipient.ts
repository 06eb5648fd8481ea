import { checkEmailAddress, describeE164Fault, e164Fault } from '@mp/addresses';
import type { FieldErrors } from '@mp/problems';
import type { Channel } from '../rules';

/** A blank string is treated as not sent: JSON clients often send "" for "none". */
export const present = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value;

export interface RecipientInput {
  destination?: string;
  to?: string;
}

/**
 * `destination` is the recipient field, `to` its alias (DECISIONS "Messages").
 * Errors name the field the caller actually used, so a client sending `to`
 * reads "to must be E.164", as spec 2.1 quotes.
 */
export function readRecipient(input: RecipientInput, channel: Channel | undefined, errors: FieldErrors): string | undefined {
  const destination = present(input.destination);
  const to = present(input.to);
  if (destination !== undefined && to !== undefined && destination !== to) {
    const message = 'destination and to name different recipients; send one of them';
    errors.add('destination', message).add('to', message);
    return undefined;
  }
  if (destination === undefined && to === undefined) {
    errors.add('destination', 'destination is required');
    return undefined;
  }
  const field = destination !== undefined ? 'destination' : 'to';
  const recipient = (destination ?? to) as string;
  if (channel === undefined) return recipient; // the channel error already explains
  if (channel === 'Email') {
    // The accepted form (domain in lower case) is the one stored and sent: what reaches SMTP.
    const email = checkEmailAddress(recipient);
    if (email.ok) return email.address;
    errors.add(field, `${field} must be an email address for channel Email: it ${email.reason}`);
    return recipient;
  }
  const fault = e164Fault(recipient);
  if (fault === 'format') errors.add(field, `${field} must be an E.164 phone number (e.g. +14155550123) for channel ${channel}`);
  else if (fault) errors.add(field, `${field} ${describeE164Fault(fault)} (an impossible number for channel ${channel})`);
  return recipient;
}
