import { describeE164Fault, e164Fault } from '@mp/addresses';
import type { FieldReader } from './field-reader';

const PREFIX = /^\+[1-9][0-9]{0,14}\*$/;
const ANY = '*';

/**
 * `numbers`: a non-empty list of E.164 numbers (the one rule, @mp/addresses),
 * prefixes ending in `*` (`+1415*`), or `["*"]` alone for any sender.
 */
export function readNumbers(reader: FieldReader): readonly string[] | undefined {
  if (!reader.has('numbers')) {
    reader.refuse('numbers', 'is required');
    return undefined;
  }
  const value = reader.maybe('numbers', (v) => v);
  if (!Array.isArray(value) || value.length === 0) {
    reader.refuse('numbers', 'must be a non-empty array of sender numbers (E.164 numbers, prefixes ending in *, or ["*"])');
    return undefined;
  }
  let ok = true;
  value.forEach((entry: unknown, i) => {
    const problem = numberProblem(entry);
    if (problem) {
      reader.refuse(`numbers[${i}]`, problem);
      ok = false;
    }
  });
  if (value.includes(ANY) && value.length > 1) {
    reader.refuse('numbers', '"*" takes every sender number, so it stands alone: ["*"]');
    ok = false;
  }
  return ok ? (value as string[]) : undefined;
}

function numberProblem(entry: unknown): string | undefined {
  if (entry === ANY || (typeof entry === 'string' && PREFIX.test(entry))) return undefined;
  const fault = typeof entry === 'string' ? e164Fault(entry) : 'format';
  if (fault === undefined) return undefined;
  return fault === 'format' ? 'must be an E.164 number (+14155550100), a prefix ending in * (+1415*), or "*"' : describeE164Fault(fault);
}

/**
 * How closely `numbers` names `from`: an exact number above any prefix, a
 * longer prefix above a shorter one, a prefix above `*`; -1 when none matches.
 */
export function matchStrength(numbers: readonly string[], from: string): number {
  let best = -1;
  for (const entry of numbers) {
    if (entry === ANY) best = Math.max(best, 0);
    else if (entry.endsWith('*')) {
      const prefix = entry.slice(0, -1);
      if (from.startsWith(prefix)) best = Math.max(best, prefix.length);
    } else if (entry === from) return Number.MAX_SAFE_INTEGER;
  }
  return best;
}
