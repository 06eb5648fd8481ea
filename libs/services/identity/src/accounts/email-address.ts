// Deliberately loose: one '@', no spaces, a dot in the domain. Whether the
// address really receives mail is settled by the verification mail, not by a
// regular expression. 254 is the longest address SMTP can carry (RFC 5321).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@.]+$/;
export const MAX_EMAIL_LENGTH = 254;

/** Lower-cased and trimmed: the form emails are stored and looked up in. */
export function normaliseEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function isValidEmail(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email) && !email.includes('..');
}
