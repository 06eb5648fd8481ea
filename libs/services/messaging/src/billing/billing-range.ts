import { assertNotEmpty, parseTimeRange, type FieldErrors } from '@mp/paging';

export interface BillingRange {
  from: Date;
  to: Date;
}

/**
 * A billing date range in the shared list grammar (`from` inclusive, `to`
 * exclusive, timestamps with offset), where a bound may also be a whole day
 * (`2026-03-01`, midnight UTC). Each bound left out defaults to the current
 * UTC calendar month by the platform clock (first of this month, first of the
 * next), so no parameters means "this month". Problems are added to `errors`
 * (the caller refuses the request then; the range returned is meaningless).
 */
export function parseBillingRange(request: { from?: string; to?: string }, now: Date, errors: FieldErrors): BillingRange {
  const before = Object.keys(errors).length;
  const given = parseTimeRange(request, errors, { calendarDates: true });
  const range = { from: given.from ?? monthStart(now, 0), to: given.to ?? monthStart(now, 1) };
  // A defaulted bound can still make the range empty (e.g. `from` after this month).
  if ((given.from === undefined || given.to === undefined) && Object.keys(errors).length === before) assertNotEmpty(range, errors);
  return range;
}

function monthStart(now: Date, monthsAhead: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1));
}
