import { protectCell } from './cell-protection';

/**
 * CSV export, one line at a time (spec 4.7 rule 6): callers write the header,
 * then a row per record as they page through the database, so a file is
 * streamed and never built in memory. RFC 4180 with CRLF line ends; a cell is
 * quoted only when it has to be, and a cell a spreadsheet would read as a
 * formula gets the protective apostrophe (E.164 numbers such as +14155550100
 * included).
 */
export const CSV_LINE_END = '\r\n';

/** A cell's value; null and undefined are written as an empty cell. */
export type CsvValue = string | null | undefined;

// A comma, quote or line end would break the record; leading or trailing white space is kept
// exactly only when quoted (many readers trim unquoted cells).
const NEEDS_QUOTES = /[",\r\n]|^[ \t]|[ \t]$/;

/** One cell as written: protected against formulas, then quoted if needed, quotes doubled. */
export function csvCell(value: CsvValue): string {
  const cell = protectCell(value ?? '');
  return NEEDS_QUOTES.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell;
}

/** One data row, with its CRLF. */
export function csvRow(values: readonly CsvValue[]): string {
  return values.map(csvCell).join(',') + CSV_LINE_END;
}

/** The header row, with its CRLF. */
export function csvHeader(columns: readonly string[]): string {
  return csvRow(columns);
}
