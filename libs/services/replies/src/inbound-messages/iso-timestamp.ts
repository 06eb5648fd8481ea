const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

/**
 * An ISO-8601 date (`2025-03-01`, midnight UTC) or date-time with an optional
 * offset (none means UTC). Undefined for anything else, impossible calendar
 * dates (`2025-02-30`) included.
 */
export function parseIsoTimestamp(raw: string): Date | undefined {
  const m = ISO.exec(raw.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00', , offset] = m;
  const calendar = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  if (calendar.getUTCFullYear() !== Number(y) || calendar.getUTCMonth() !== Number(mo) - 1 || calendar.getUTCDate() !== Number(d)) {
    return undefined;
  }
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
  const withOffset = m[4] === undefined ? `${raw.trim()}T00:00:00Z` : offset ? raw.trim() : `${raw.trim()}Z`;
  const ms = Date.parse(withOffset.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(ms) ? undefined : new Date(ms);
}
