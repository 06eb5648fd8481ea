import { parsePhoneNumber, validatePhoneNumberLength } from 'libphonenumber-js/min';

// '+', a non-zero leading digit, then up to 14 more (E.164's 15 digits at most).
// ASCII digits only, nothing between them: the stored and dialled form.
const E164 = /^\+[1-9][0-9]{1,14}$/;

/** Why a value is not a phone number the platform accepts. */
export type E164Fault = 'format' | 'unknown-country-code' | 'national-prefix' | 'too-short' | 'too-long' | 'invalid-length';

/**
 * The one E.164 rule: `+` and digits, and a length possible for the number's
 * country calling code by libphonenumber's maintained metadata (possible, not
 * valid: numbers from unassigned or fictional ranges such as +1 555 sandbox
 * numbers pass; nine national digits under +1 do not). Answers undefined for
 * an accepted number.
 */
export function e164Fault(value: string): E164Fault | undefined {
  if (typeof value !== 'string' || !E164.test(value)) return 'format';
  switch (validatePhoneNumberLength(value)) {
    case undefined:
      // libphonenumber drops a trunk prefix written after the country code (+1 1..., +44 0...) and
      // judges the rest; the number as written has those extra digits, so it is refused.
      return hasTrunkPrefix(value) ? 'national-prefix' : undefined;
    case 'INVALID_COUNTRY':
      return 'unknown-country-code';
    case 'TOO_SHORT':
    case 'NOT_A_NUMBER':
      return 'too-short';
    case 'TOO_LONG':
      return 'too-long';
    default:
      return 'invalid-length';
  }
}

function hasTrunkPrefix(value: string): boolean {
  const parsed = parsePhoneNumber(value);
  return parsed !== undefined && parsed.countryCallingCode.length + parsed.nationalNumber.length !== value.length - 1;
}

export const isE164 = (value: string): boolean => e164Fault(value) === undefined;

/**
 * A fault as a phrase to follow a field name ("phoneNumber is too short ...");
 * `format` in the services' own words is theirs to say, this one is generic.
 */
export function describeE164Fault(fault: E164Fault): string {
  switch (fault) {
    case 'format':
      return 'must be an E.164 number such as +14155550100';
    case 'unknown-country-code':
      return 'must start with an assigned country calling code';
    case 'national-prefix':
      return 'must not repeat the national (trunk) prefix after the country calling code';
    case 'too-short':
      return 'has too few digits for its country calling code';
    case 'too-long':
      return 'has too many digits for its country calling code';
    case 'invalid-length':
      return 'has a number of digits no number under its country calling code has';
  }
}
