// SMPP 3.4 §5.2.28 message_state (table 5-6); SKIPPED is SMPP 5.0's.
export const MessageState = {
  SCHEDULED: 0,
  ENROUTE: 1,
  DELIVERED: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIVERABLE: 5,
  ACCEPTED: 6,
  UNKNOWN: 7,
  REJECTED: 8,
  SKIPPED: 9,
} as const;

/** The `stat:` word of a text receipt (SMPP 3.4 Appendix B) for each message_state. */
export const RECEIPT_STAT_OF_STATE: Readonly<Record<number, string>> = {
  0: 'SCHEDLD',
  1: 'ENROUTE',
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
  9: 'SKIPPED',
};

const STATE_OF_STAT = new Map(Object.entries(RECEIPT_STAT_OF_STATE).map(([state, stat]) => [stat, Number(state)]));

/** message_state for a `stat:` word (any case), undefined for a word outside the table. */
export function messageStateOfStat(stat: string): number | undefined {
  return STATE_OF_STAT.get(stat.toUpperCase());
}
