import type { consentV1 } from '@mp/contracts';
import { throwIfInvalid, type FieldErrors, type KeysetPosition } from '@mp/paging';
import type { ConsentBase } from '../access/consent-reach.rules';
import { MAX_EXPORT_ROWS } from '../csv/consent-csv-limits';
import { encodeExportCursor, exportIdentity, readExportCursor } from './export-cursor';

/** Rows an export page holds at most: the gateway streams page after page. */
export const EXPORT_PAGE_ROWS = 1000;

/** One kind of export: how its rows are read (oldest first, keyset-paged), counted and written. */
export interface CsvExport<R> {
  kind: 'opt-outs' | 'opt-in-records';
  header(): string;
  line(row: R): string;
  positionOf(row: R): KeysetPosition;
  page(base: ConsentBase, after: KeysetPosition | undefined, limit: number): Promise<R[]>;
  /** How many rows the base has, counting no further than `cap`. */
  countUpTo(base: ConsentBase, cap: number): Promise<number>;
}

/**
 * One page of a CSV export (spec 4.7 rule 6): the first (no cursor) starts
 * with the header row; each holds up to 1,000 rows, oldest first by
 * (created_at, id); next_cursor follows while rows remain and fewer than
 * 10,000 were written. `truncated`, on the first page only, tells that the
 * base has more than 10,000 rows (counted no further than 10,001). A cursor
 * that is not one of this export's is VALIDATION_FAILED naming cursor.
 */
export async function csvExportPage<R>(exporter: CsvExport<R>, base: ConsentBase, cursor: string | undefined): Promise<consentV1.CsvPage> {
  const errors: FieldErrors = {};
  const identity = exportIdentity(exporter.kind, base);
  const position = readExportCursor(errors, identity, cursor);
  throwIfInvalid(errors);
  const written = position?.written ?? 0;
  const room = Math.min(EXPORT_PAGE_ROWS, MAX_EXPORT_ROWS - written);
  const fetched = await exporter.page(base, position?.after, room + 1);
  const rows = fetched.slice(0, room);
  const total = written + rows.length;
  const last = rows[rows.length - 1];
  const more = fetched.length > room;
  // Counted only when a first page is full: a shorter one is the whole export.
  const truncated = !position && more && (await exporter.countUpTo(base, MAX_EXPORT_ROWS + 1)) > MAX_EXPORT_ROWS;
  const text = (position ? '' : exporter.header()) + rows.map((row) => exporter.line(row)).join('');
  return {
    csv: Buffer.from(text, 'utf8'),
    nextCursor: more && total < MAX_EXPORT_ROWS && last ? encodeExportCursor(identity, { written: total, after: exporter.positionOf(last) }) : undefined,
    truncated,
  };
}
