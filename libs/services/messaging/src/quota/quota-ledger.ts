import type { SqlStatement } from '@mp/events';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { periodEnd, periodStart, QUOTA_PERIODS, secondsUntilReset, type QuotaPeriod } from './quota-periods';

const TABLE = 'quota_usage';

/** Whose sends a counter counts: a subaccount's, or the account's own (sent with no subaccount). */
export function quotaScope(accountId: string, subaccountId: string | undefined | null): string {
  return subaccountId ? `subaccount:${subaccountId}` : `account:${accountId}`;
}

/** The limits that apply to a scope; null is unlimited. */
export interface QuotaLimits {
  day: number | null;
  month: number | null;
}

export interface QuotaWindow {
  limit: number | null;
  used: number;
  /** null when unlimited. */
  remaining: number | null;
  resetsAt: Date;
}

export type QuotaUsage = Record<QuotaPeriod, QuotaWindow>;

/**
 * The per-scope send counters (spec 4.2, 8: every accepted send counts, a
 * scheduled one at acceptance). `consume` runs in the caller's transaction,
 * so a send refused for any later reason gives its count back on rollback.
 */
export class QuotaLedger {
  /** Rows a count statement returns when every window counted. */
  readonly windowsPerCount = QUOTA_PERIODS.length;

  /**
   * Counts `count` sends (one by default) in every window, or throws 429
   * QUOTA_EXCEEDED. The increment is conditional on the row itself
   * (`used + count <= limit` in the upsert), so concurrent sends queue on the
   * row lock and exactly the remaining number of them get through, on
   * PostgreSQL as on PGlite. Several sends count all or none.
   */
  async consume(trx: Knex.Transaction, scope: string, limits: QuotaLimits, now: Date, count = 1): Promise<void> {
    const counted = await this.increment(trx, scope, limits, now, count);
    const exceeded = QUOTA_PERIODS.filter((p) => !counted.has(p));
    if (exceeded.length === 0) return;
    // Nothing of this send may stay counted: the caller's transaction rolls back on the throw.
    const usage = await this.usage(trx, scope, limits, now);
    const countedNow = (p: QuotaPeriod) => (exceeded.includes(p) ? 0 : count);
    const remainingBefore = (p: QuotaPeriod) => {
      const w = usage[p];
      return w.limit === null ? null : Math.max(0, w.limit - (w.used - countedNow(p)));
    };
    throw new DomainError('QUOTA_EXCEEDED', `The ${exceeded.map((p) => (p === 'day' ? 'daily' : 'monthly')).join(' and ')} sending quota is used up.`, {
      dailyRemaining: remainingBefore('day'),
      monthlyRemaining: remainingBefore('month'),
      retryAfterSeconds: Math.max(...exceeded.map((p) => secondsUntilReset(p, now))),
    });
  }

  /** Use and remaining of each window holding `now`. */
  async usage(q: Knex, scope: string, limits: QuotaLimits, now: Date): Promise<QuotaUsage> {
    const rows: Array<{ period: QuotaPeriod; used: number }> = await q(TABLE)
      .where({ scope })
      .whereIn(
        ['period', 'period_start'],
        QUOTA_PERIODS.map((p) => [p, periodStart(p, now)]),
      )
      .select('period', 'used');
    const window = (period: QuotaPeriod): QuotaWindow => {
      const used = Number(rows.find((r) => r.period === period)?.used ?? 0);
      const limit = limits[period];
      return { limit, used, remaining: limit === null ? null : Math.max(0, limit - used), resetsAt: periodEnd(period, now) };
    };
    return { day: window('day'), month: window('month') };
  }

  /**
   * The count of `count` sends in every window as a statement (an upsert returning one row per
   * window that counted) for another statement to hold as a CTE: the sends count only if it
   * returns a row for every window. Undefined when some window is too small for all of them.
   */
  countStatement(scope: string, limits: QuotaLimits, now: Date, count = 1): SqlStatement | undefined {
    const statement = this.incrementStatement(scope, limits, now, count);
    return statement && statement.windows === QUOTA_PERIODS.length ? statement : undefined;
  }

  /**
   * One statement for every window: each row counts up only while under its own limit, so the
   * windows it returns are the ones that counted this send.
   */
  private async increment(trx: Knex.Transaction, scope: string, limits: QuotaLimits, now: Date, count: number): Promise<Set<QuotaPeriod>> {
    const statement = this.incrementStatement(scope, limits, now, count);
    if (!statement) return new Set();
    const result = await trx.raw(statement.sql, statement.bindings as Knex.RawBinding[]);
    return new Set((result.rows as Array<{ period: QuotaPeriod }>).map((row) => row.period));
  }

  private incrementStatement(scope: string, limits: QuotaLimits, now: Date, count: number): (SqlStatement & { windows: number }) | undefined {
    // A fresh row starts at `count`, unchecked: a window too small for all of them never counts.
    const open = QUOTA_PERIODS.filter((p) => limits[p] === null || limits[p]! >= count);
    if (open.length === 0) return undefined;
    const limitOf = (p: QuotaPeriod) => limits[p] ?? Number.MAX_SAFE_INTEGER;
    return {
      sql: `insert into ${TABLE} (scope, period, period_start, used) values ${open.map(() => '(?, ?, ?, ?::bigint)').join(', ')}
       on conflict (scope, period, period_start) do update set used = ${TABLE}.used + excluded.used
        where ${TABLE}.used + excluded.used <= case ${TABLE}.period ${open.map(() => 'when ? then ?::bigint').join(' ')} end
       returning period`,
      bindings: [...open.flatMap((p) => [scope, p, periodStart(p, now), count]), ...open.flatMap((p) => [p, limitOf(p)])],
      windows: open.length,
    };
  }
}
