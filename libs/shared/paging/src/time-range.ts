import { addFieldError, EMPTY_RANGE, type FieldErrors } from './field-errors';
import { parseCalendarDate, parseTimestamp, TIMESTAMP_FORMAT } from './timestamp';

/** A list's time range: `from` inclusive, `to` exclusive; a bound left out is open. */
export interface TimeRange {
  from?: Date;
  to?: Date;
}

export interface TimeRangeOptions {
  /** Also accept a bare `YYYY-MM-DD`, meaning the start of that day in UTC. */
  calendarDates?: boolean;
}

const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/**
 * Reads the `from` and `to` query fields. Problems go to errors: a bound that
 * is not a timestamp with offset names its field, and an empty or inverted
 * range names `to`.
 */
export function parseTimeRange(query: { from?: string; to?: string }, errors: FieldErrors, options: TimeRangeOptions = {}): TimeRange {
  const bound = (field: 'from' | 'to'): Date | undefined => {
    const raw = given(query[field]);
    if (raw === undefined) return undefined;
    const parsed = parseTimestamp(raw) ?? (options.calendarDates ? parseCalendarDate(raw) : undefined);
    if (!parsed) addFieldError(errors, field, options.calendarDates ? `${TIMESTAMP_FORMAT}, or a date (YYYY-MM-DD)` : TIMESTAMP_FORMAT);
    return parsed;
  };
  const range = { from: bound('from'), to: bound('to') };
  if (range.from && range.to) assertNotEmpty(range as Required<TimeRange>, errors);
  return range;
}

/** Adds the empty-range error when to is not later than from. */
export function assertNotEmpty(range: Required<TimeRange>, errors: FieldErrors): void {
  if (range.from.getTime() >= range.to.getTime()) addFieldError(errors, 'to', EMPTY_RANGE);
}
