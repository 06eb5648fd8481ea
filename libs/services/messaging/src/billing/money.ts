/**
 * Money is USD counted in integer micro-dollars (1 USD = 1,000,000): the
 * ledger stores and sums integers, so totals never drift. The API shows
 * `amount` as a decimal number of dollars (at most 6 decimals, converted once
 * from the integer) beside the exact `amountMicros`.
 */
export const CURRENCY = 'USD';
export const MICROS_PER_UNIT = 1_000_000;

const DECIMAL = /^(\d+)(?:\.(\d{1,6})\d*)?$/;

/** A numeric column (pg hands it back as text such as "0.007900") or a number, in micros. */
export function toMicros(value: string | number): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`not an amount: ${value}`);
    return Math.round(Number((value * MICROS_PER_UNIT).toPrecision(15)));
  }
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new RangeError(`not an amount: ${value}`);
  return Number(match[1]) * MICROS_PER_UNIT + Number((match[2] ?? '').padEnd(6, '0'));
}

/** Micros (a bigint column comes back as text) as dollars. */
export function fromMicros(micros: string | number): number {
  return Number(micros) / MICROS_PER_UNIT;
}
