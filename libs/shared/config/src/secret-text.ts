export const REDACTED = '[REDACTED]';

/**
 * Secrets that can sit inside free text (an error message, a URL in a log
 * field): the password of a URL's user info, a bearer or basic credential,
 * a secret query parameter, one of the platform's API keys, a JWT. Read as
 * text, not parsed, so a URL too malformed for `new URL` is masked too.
 */
const IN_TEXT: ReadonlyArray<[RegExp, string]> = [
  // scheme://user:password@host — the greedy password runs to the last `@` before the path.
  [/\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/?#@]*):([^\s/?#]*)@/gi, `$1$2:${REDACTED}@`],
  // A credential, not prose ("accept Bearer credentials"): 16 characters or more.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{16,}/gi, `$1 ${REDACTED}`],
  [/([?&;](?:password|passwd|pwd|token|access_token|refresh_token|id_token|api[_-]?key|secret|client_secret|signature|sig)=)[^&#\s"']+/gi, `$1${REDACTED}`],
  [/\bmpk_[0-9A-Za-z]{32}\b/g, `mpk_${REDACTED}`],
  [/\beyJ[A-Za-z0-9_-]*\.eyJ[A-Za-z0-9_-]*\.[A-Za-z0-9_-]+/g, REDACTED],
];

/** `text` with every secret it carries replaced by `[REDACTED]`. */
export function redactSecretText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of IN_TEXT) out = out.replace(pattern, replacement);
  return out;
}
