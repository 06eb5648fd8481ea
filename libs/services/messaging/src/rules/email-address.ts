const MAX_ADDRESS_LENGTH = 254; // RFC 5321 path limit (256) minus the angle brackets
const MAX_LOCAL_PART_LENGTH = 64; // RFC 5321 §4.5.3.1.1
const MAX_LABEL_LENGTH = 63; // RFC 1035

// Unquoted local part (RFC 5322 dot-atom): atext runs separated by single dots.
// Quoted local parts are rejected: legal, but rare and poorly supported.
const LOCAL_PART_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;

// Letters, digits and inner hyphens (RFC 1123). Internationalised domains must
// arrive as A-labels (xn--…).
const LABEL_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * Pragmatic address check for sending: one '@', a dot-atom local part of at
 * most 64 characters, a dotted domain of valid labels, at most 254 in total.
 * ASCII only, because non-ASCII addresses need SMTPUTF8 on every hop, which we
 * cannot assume. IP-literal domains are not accepted.
 */
export function isEmailAddress(value: string): boolean {
  if (typeof value !== 'string' || value.length > MAX_ADDRESS_LENGTH) return false;

  const at = value.indexOf('@');
  if (at === -1 || at !== value.lastIndexOf('@')) return false;

  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (local.length === 0 || local.length > MAX_LOCAL_PART_LENGTH) return false;
  if (!LOCAL_PART_PATTERN.test(local)) return false;

  const labels = domain.split('.');
  if (labels.length < 2) return false;
  if (!labels.every((label) => label.length <= MAX_LABEL_LENGTH && LABEL_PATTERN.test(label))) return false;

  // An all-numeric top-level label means a bare IP address, not a hostname.
  return !/^[0-9]+$/.test(labels[labels.length - 1]);
}
