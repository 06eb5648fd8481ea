// ISO-8601 date and time with seconds and an explicit offset (Z or ±HH:MM):
// a timestamp without one is refused rather than guessed in some time zone.
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:Z|([+-])(\d{2}):(\d{2}))$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const TIMESTAMP_FORMAT = 'must be an ISO-8601 timestamp with an offset, such as 2026-01-31T09:00:00Z or 2026-01-31T10:00:00+01:00';

/**
 * The instant of an ISO-8601 timestamp with offset (fractions kept to the
 * millisecond), or undefined for anything else, impossible dates and times
 * such as February 30 or 24:00 included.
 */
export function parseTimestamp(value: string): Date | undefined {
  const match = TIMESTAMP.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  const [sign, offsetHours, offsetMinutes] = [match[8], Number(match[9] ?? 0), Number(match[10] ?? 0)];
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59 || !isCalendarDate(year, month, day)) return undefined;
  const millis = match[7] ? Number(match[7].slice(0, 3).padEnd(3, '0')) : 0;
  const local = utc(year, month, day, hour, minute, second, millis);
  const offsetMs = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMinutes) * 60_000;
  return new Date(local - offsetMs);
}

/** `YYYY-MM-DD` as the start of that day in UTC, or undefined (ranges that accept whole days). */
export function parseCalendarDate(value: string): Date | undefined {
  const match = DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1, 4).map(Number);
  return isCalendarDate(year, month, day) ? new Date(utc(year, month, day, 0, 0, 0, 0)) : undefined;
}

function utc(year: number, month: number, day: number, hour: number, minute: number, second: number, millis: number): number {
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second, millis));
  date.setUTCFullYear(year); // Date.UTC maps years 0-99 to 1900-1999
  return date.getTime();
}

function isCalendarDate(year: number, month: number, day: number): boolean {
  const date = new Date(utc(year, month, day, 0, 0, 0, 0));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
