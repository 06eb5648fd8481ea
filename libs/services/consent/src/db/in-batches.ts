/**
 * Rows per multi-row statement of an import or a bulk write: few round trips
 * for 10,000 rows, and well under PostgreSQL's 65,535 bind parameters (a
 * ledger entry has 15 columns).
 */
export const BATCH_ROWS = 1000;

/** The items in consecutive slices of at most `size`. */
export function* inBatches<T>(items: readonly T[], size = BATCH_ROWS): Generator<T[]> {
  for (let start = 0; start < items.length; start += size) yield items.slice(start, start + size);
}
