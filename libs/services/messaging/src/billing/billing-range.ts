import { parseUtcTimestamp } from '../submission/utc-timestamp';

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-03-01` (midnight UTC) or a UTC timestamp with Z; undefined for anything else. */
export function parseRangeBound(raw: string): Date | undefined {
  return DATE_ONLY.test(raw) ? parseUtcTimestamp(`${raw}T00:00:00Z`) : parseUtcTimestamp(raw);
}

const given = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim());

export interface BillingRange {
  from: Date;
  to: Date;
}

/**
 * A billing date range, `from` inclusive, `to` exclusive. Each bound left out
 * defaults to the current UTC calendar month by the platform clock (first of
 * this month, first of the next), so no parameters means "this month".
 * Problems are added to `errors` (field -> messages); undefined when any.
 */
export function parseBillingRange(
  request: { from?: string; to?: string },
  now: Date,
  errors: Record<string, string[]>,
): BillingRange | undefined {
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const fromRaw = given(request.from);
  const toRaw = given(request.to);
  const from = fromRaw === undefined ? monthStart(now, 0) : parseRangeBound(fromRaw);
  const to = toRaw === undefined ? monthStart(now, 1) : parseRangeBound(toRaw);
  if (!from) add('from', 'must be a date (YYYY-MM-DD) or a UTC timestamp ending in Z');
  if (!to) add('to', 'must be a date (YYYY-MM-DD) or a UTC timestamp ending in Z');
  if (from && to && from.getTime() >= to.getTime()) add('to', 'empty date range: to must be later than from');
  return from && to && Object.keys(errors).length === 0 ? { from, to } : undefined;
}

function monthStart(now: Date, monthsAhead: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsAhead, 1));
}
