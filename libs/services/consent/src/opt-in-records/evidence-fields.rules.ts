/**
 * An evidence record's fields (spec 2.7), one rule for POST .../opt-in-records
 * and for evidence file imports, so that what one path stores the other takes
 * (an export imports back). The gateway publishes the same bounds
 * (OptInRecordRequest in recipient-consent.models.ts).
 */

/**
 * `method` is free text saying how consent was given (WebForm, Keyword,
 * Paper...), not re-subscribe's closed consentMethod set. 100: what imports
 * and the published contract always allowed, so no stored record is refused.
 */
export const MAX_METHOD_LENGTH = 100;
export const MAX_SOURCE_LENGTH = 500;
/** The longest a BCP 47 language tag is commonly allowed to be. */
export const MAX_CONSENT_LANGUAGE_LENGTH = 35;

/** The method as stored (trimmed, 1 to MAX_METHOD_LENGTH characters), or undefined after reporting what is wrong. */
export function readMethod(value: string, report: (problem: string) => void): string | undefined {
  const method = value.trim();
  if (method === '') report('is required');
  else if ([...method].length > MAX_METHOD_LENGTH) report(`must be at most ${MAX_METHOD_LENGTH} characters`);
  else return method;
  return undefined;
}
