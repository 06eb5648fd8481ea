// Date and time with an explicit Z: offsets, lowercase designators, missing
// seconds and date-only forms are refused rather than guessed (spec 2.1).
const UTC_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?Z$/;

/**
 * Parses a UTC ISO-8601 timestamp ending in Z (`2026-01-31T09:00:00Z`,
 * fractions allowed, kept to the millisecond). Returns undefined for anything
 * else, including impossible dates such as February 30 that `Date` would roll
 * over into March.
 */
export function parseUtcTimestamp(value: string): Date | undefined {
  const match = typeof value === 'string' ? UTC_TIMESTAMP.exec(value) : null;
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const millis = match[7] ? Number(match[7].slice(0, 3).padEnd(3, '0')) : 0;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  date.setUTCFullYear(year); // Date.UTC maps years 0-99 to 1900-1999
  const roundTrips =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute &&
    date.getUTCSeconds() === second;
  return roundTrips ? date : undefined;
}
