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

/** network_error_code's network type for GSM (SMPP 3.4 §5.3.2.31): its codes are GSM MAP errors (3GPP TS 29.002). */
const GSM = '3';

/**
 * GSM MAP errors with a carrier error code of their own: unknown (1) or
 * unidentified (5) subscriber is an unknown destination, call barred (13) a
 * block, absent subscriber (27) and busy for MT SMS (31) an unreachable
 * handset. Other MAP errors fall back to the stat.
 */
const GSM_MAP_ERRORS: Readonly<Record<string, string>> = { '1': '30005', '5': '30005', '13': '30004', '27': '30003', '31': '30003' };

/**
 * The platform's carrier error code (receipts/carrier-error-codes.ts, a closed
 * vocabulary) for a final failure. SMPP's text `err` is vendor-specific and
 * says nothing comparable across SMSCs; the network_error_code TLV (`<type>:<code>`)
 * names a standard network error, so a GSM one chooses when the table knows it.
 * Otherwise the stat does: EXPIRED (the handset never answered in the validity
 * period) is an unreachable handset, REJECTD a carrier's filter, anything else
 * an unknown carrier error. The stat and err themselves stay in the part's
 * carrier event.
 */
export function errorCodeOfReceipt(stat: string, networkError?: string): string {
  const [type, code] = networkError?.split(':') ?? [];
  if (type === GSM && code !== undefined) {
    const known = GSM_MAP_ERRORS[String(Number(code))];
    if (known) return known;
  }
  const word = stat.toUpperCase();
  if (word === 'EXPIRED') return '30003';
  if (word === 'REJECTD') return '30007';
  return '30008';
}
