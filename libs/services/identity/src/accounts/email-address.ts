import { checkEmailAddress } from '@mp/addresses';

/** Lower-cased and trimmed: the form emails are stored and looked up in. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

/**
 * The shared email rule (@mp/addresses) on a normalised address, as a field
 * message, or undefined when it is accepted. Whether the address receives
 * mail is settled by the verification mail, not here.
 */
export function emailAddressProblem(email: string): string | undefined {
  const check = checkEmailAddress(email);
  return check.ok ? undefined : `must be a valid email address: it ${check.reason}`;
}
