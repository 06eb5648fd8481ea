/** The quota windows (spec 8): a UTC calendar day and a UTC calendar month, by the sandbox clock. */
export type QuotaPeriod = 'day' | 'month';
export const QUOTA_PERIODS: readonly QuotaPeriod[] = ['day', 'month'];

export function periodStart(period: QuotaPeriod, now: Date): Date {
  return period === 'day'
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** When the window holding `now` ends and its count starts again from zero. */
export function periodEnd(period: QuotaPeriod, now: Date): Date {
  return period === 'day'
    ? new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
    : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/** Whole seconds until the window ends, at least 1 so a client never retries at once. */
export function secondsUntilReset(period: QuotaPeriod, now: Date): number {
  return Math.max(1, Math.ceil((periodEnd(period, now).getTime() - now.getTime()) / 1000));
}
