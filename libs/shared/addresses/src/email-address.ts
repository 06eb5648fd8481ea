import { domainToASCII } from 'node:url';

/** RFC 5321: a path holds 256 octets, the angle brackets take two. */
export const MAX_EMAIL_LENGTH = 254;
const MAX_LOCAL_PART_LENGTH = 64; // RFC 5321 4.5.3.1.1
const MAX_LABEL_LENGTH = 63; // RFC 1035

// An unquoted local part (RFC 5322 dot-atom, ASCII): atext runs joined by single dots.
// Quoted strings, comments and whitespace are left out on purpose: a mail library
// strips comments and re-quotes what it cannot emit bare, so such an address would
// reach SMTP as another one (`user@good.com(x)evil.com` went to `user@good.comevil.com`).
const LOCAL_PART = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// Letters, digits and inner hyphens (RFC 1123); an internationalised domain as its A-labels (xn--).
const LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

export type EmailAddressCheck = { ok: true; address: string } | { ok: false; reason: string };

/**
 * The one email rule. Accepted: an ASCII dot-atom local part of at most 64
 * characters (case kept, `+` tags welcome), `@`, a dotted host name of
 * letter-digit-hyphen labels with a non-numeric last label, 254 characters in
 * all. Refused, with the reason: whitespace, comments, quoted local parts,
 * domain literals, non-ASCII (an internationalised domain is accepted as its
 * A-labels, `xn--...`), empty labels (leading, trailing or doubled dots).
 *
 * `address` is the accepted form: the domain in lower case (domains have no
 * case, and nodemailer lower-cases them anyway), the local part as written.
 * Every address this accepts is one nodemailer sends unchanged (a property
 * test holds it to that), so what reaches SMTP is what was accepted.
 * Whether the mailbox exists is for a verification mail to settle.
 */
export function checkEmailAddress(value: string): EmailAddressCheck {
  if (typeof value !== 'string' || value === '') return refuse('is empty');
  if (value.length > MAX_EMAIL_LENGTH) return refuse(`is longer than ${MAX_EMAIL_LENGTH} characters`);
  if (/\s/.test(value)) return refuse('contains whitespace');
  if (/[^\x21-\x7e]/.test(value)) {
    return refuse('contains a character outside printable ASCII (an internationalised domain is written as its xn-- A-labels)');
  }
  const at = value.lastIndexOf('@');
  if (at === -1) return refuse('has no @');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1).toLowerCase();
  if (local.includes('@') || local.includes('"')) return refuse('has a quoted local part or more than one @');
  if (/[()]/.test(value)) return refuse('contains a comment (parentheses)');
  if (local === '' || local.length > MAX_LOCAL_PART_LENGTH) return refuse(`has a local part that is empty or longer than ${MAX_LOCAL_PART_LENGTH} characters`);
  if (!LOCAL_PART.test(local)) return refuse('has a local part with a character that needs quoting, or an empty part between dots');
  const labels = domain.split('.');
  if (labels.length < 2) return refuse('has a domain without a dot');
  if (!labels.every((label) => label.length <= MAX_LABEL_LENGTH && LABEL.test(label))) {
    return refuse('has a domain that is not a host name (letters, digits and inner hyphens between single dots)');
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1])) return refuse('has a numeric top-level domain (an IP address is not accepted)');
  // The URL parser's form is the one nodemailer sends: anything it would rewrite is refused.
  if (domainToASCII(domain) !== domain) return refuse('has a domain that would be sent in another form');
  return { ok: true, address: `${local}@${domain}` };
}

export const isEmailAddress = (value: string): boolean => checkEmailAddress(value).ok;

const refuse = (reason: string): EmailAddressCheck => ({ ok: false, reason });
