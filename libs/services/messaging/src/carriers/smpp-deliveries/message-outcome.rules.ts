import { errorCodeOfReceipt, verdictOfStat } from './receipt-stat.rules';

/** A part of a submitted message and the stat of its latest receipt (undefined: none yet). */
export interface PartStatus {
  partIndex: number;
  partCount: number;
  stat: string | undefined;
  /** Its receipt's network_error_code, `<type>:<code>`. */
  networkError?: string;
}

export type MessageOutcome =
  | { status: 'delivered' }
  | { status: 'undelivered'; errorCode: string; stat: string; partIndex: number }
  | undefined;

/**
 * A message is delivered when every part is DELIVRD, undelivered as soon as
 * any part finally fails (the lowest such part names the failure), and
 * undecided otherwise: interim stats (ACCEPTD, ENROUTE) and parts without a
 * receipt yet decide nothing.
 */
export function messageOutcome(parts: readonly PartStatus[]): MessageOutcome {
  if (parts.length === 0) return undefined;
  const failed = parts.filter((p) => p.stat !== undefined && verdictOfStat(p.stat) === 'failed').sort((a, b) => a.partIndex - b.partIndex);
  if (failed.length > 0) {
    const first = failed[0];
    return { status: 'undelivered', errorCode: errorCodeOfReceipt(first.stat!, first.networkError), stat: first.stat!.toUpperCase(), partIndex: first.partIndex };
  }
  const partCount = parts[0].partCount;
  const delivered = new Set(parts.filter((p) => p.stat !== undefined && verdictOfStat(p.stat) === 'delivered').map((p) => p.partIndex));
  return delivered.size >= partCount ? { status: 'delivered' } : undefined;
}

/**
 * A part's stat after a new receipt: a final stat is never replaced by an
 * interim one that arrives after it (SMSCs send ENROUTE late), nor a final
 * one by another (the first final word stands).
 */
export function nextPartStat(current: string | undefined, incoming: string): string {
  if (current !== undefined && verdictOfStat(current) !== 'interim') return current;
  return incoming.toUpperCase();
}
