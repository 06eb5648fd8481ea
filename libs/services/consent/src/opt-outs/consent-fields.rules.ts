import { describeE164Fault, e164Fault, isEmailAddress } from '@mp/addresses';
import { addFieldError, type FieldErrors } from '@mp/paging';
import { ACCOUNT_SCOPES, canonicalAddress, CHANNELS, type AccountScope, type Channel } from './opt-out';

export const MAX_REASON_LENGTH = 500;

/** Left out: undefined, or empty as a query string or a JSON null mapped by the gateway. */
export const given = (value: string | undefined): value is string => value !== undefined && value !== '';

/**
 * Why `value` is not a phone number by the shared E.164 rule (@mp/addresses):
 * `malformed` for one that is not `+` and digits, the rule's words for a
 * length impossible under its country code; undefined when it is one.
 */
export function phoneNumberProblem(value: string, malformed: string): string | undefined {
  const fault = e164Fault(value);
  if (fault === undefined) return undefined;
  return fault === 'format' ? malformed : describeE164Fault(fault);
}

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
  else if (channel && channel !== 'Email') {
    const problem = phoneNumberProblem(address, `must be an E.164 number (such as +14155550100) for ${channel}`);
    if (problem) addFieldError(errors, field, problem);
  }
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
