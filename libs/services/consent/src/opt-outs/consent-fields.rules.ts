import { addFieldError, type FieldErrors } from '@mp/paging';
import { ACCOUNT_SCOPES, canonicalAddress, CHANNELS, type AccountScope, type Channel } from './opt-out';

// '+', a non-zero leading digit, then up to 14 more (E.164's 15 digits at most).
const E164 = /^\+[1-9][0-9]{1,14}$/;
// Loose on purpose: the shape of an address, not deliverability.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
const MAX_EMAIL_LENGTH = 254;

export const MAX_REASON_LENGTH = 500;

/** Left out: undefined, or empty as a query string or a JSON null mapped by the gateway. */
export const given = (value: string | undefined): value is string => value !== undefined && value !== '';

export const isE164 = (value: string) => E164.test(value);
export const isEmailAddress = (value: string) => value.length <= MAX_EMAIL_LENGTH && EMAIL.test(value);

export function readChannel(errors: FieldErrors, field: string, value: string | undefined): Channel | undefined {
  if (!given(value)) {
    addFieldError(errors, field, `is required: one of ${CHANNELS.join(', ')}`);
    return undefined;
  }
  if (!(CHANNELS as readonly string[]).includes(value)) {
    addFieldError(errors, field, `must be one of ${CHANNELS.join(', ')}`);
    return undefined;
  }
  return value as Channel;
}

/** A recipient of a channel, canonical: E.164 for Sms and WhatsApp, an e-mail address (lower case) for Email. */
export function readRecipient(errors: FieldErrors, field: string, value: string | undefined, channel: Channel | undefined): string | undefined {
  const address = value === undefined ? '' : canonicalAddress(value);
  if (address === '') {
    addFieldError(errors, field, 'is required');
    return undefined;
  }
  if (channel === 'Email' && !isEmailAddress(address)) addFieldError(errors, field, 'must be an email address for Email');
  else if (channel && channel !== 'Email' && !isE164(address)) addFieldError(errors, field, `must be an E.164 number (such as +14155550100) for ${channel}`);
  return address;
}

export function readAccountScope(errors: FieldErrors, value: string): AccountScope | undefined {
  if ((ACCOUNT_SCOPES as readonly string[]).includes(value)) return value as AccountScope;
  addFieldError(errors, 'scope', `must be ${ACCOUNT_SCOPES.join(' or ')}`);
  return undefined;
}

export const SCOPE_ON_SUBACCOUNT_ROUTE = 'is not accepted on subaccount routes (their opt-outs have scope subaccount)';

/** Optional text of at most `max` characters (code points); empty counts as left out. */
export function readOptionalText(errors: FieldErrors, field: string, value: string | undefined, max: number): string | null {
  if (!given(value)) return null;
  if ([...value].length > max) addFieldError(errors, field, `must be at most ${max} characters`);
  return value;
}
