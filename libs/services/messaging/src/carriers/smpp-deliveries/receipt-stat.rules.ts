/** What one part's receipt says of that part (issue 28 point 4; CARRIERS.md's stat table). */
export type PartVerdict = 'delivered' | 'failed' | 'interim';

// Final failures: the SMSC will try no more. SKIPPED is SMPP 5.0's, final too.
const FAILED = new Set(['UNDELIV', 'REJECTD', 'EXPIRED', 'DELETED', 'UNKNOWN', 'SKIPPED']);

/** DELIVRD delivers a part; a final failure fails it; ACCEPTD, ENROUTE, SCHEDLD and words outside the table change nothing. */
export function verdictOfStat(stat: string): PartVerdict {
  const word = stat.toUpperCase();
  if (word === 'DELIVRD') return 'delivered';
  return FAILED.has(word) ? 'failed' : 'interim';
}

/**
 * The platform's carrier error code (receipts/carrier-error-codes.ts, a closed
 * vocabulary) for a final failure's stat. SMPP's `err` is vendor-specific and
 * says nothing comparable across SMSCs, so the stat chooses: EXPIRED (the
 * handset never answered in the validity period) is an unreachable handset,
 * REJECTD a carrier's filter, anything else an unknown carrier error. The
 * stat and err themselves stay in the part's carrier event.
 */
export function errorCodeOfStat(stat: string): string {
  const word = stat.toUpperCase();
  if (word === 'EXPIRED') return '30003';
  if (word === 'REJECTD') return '30007';
  return '30008';
}
