/**
 * Export protection against spreadsheet formula injection (spec 4.7 rule 6,
 * issue 10 point 7): a cell that a spreadsheet would read as a formula (it
 * starts with =, +, -, @, tab or carriage return) is written with a leading
 * apostrophe, and the import removes it again so an exported file imports
 * back unchanged (rule 5).
 *
 * Apostrophes already in front of such a character count as part of the
 * prefix: the writer adds one more (`'=x` is written `''=x`) and the reader
 * removes exactly one, so every value survives export then import, including
 * one that itself starts with an apostrophe.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** The cell as exported: with a leading apostrophe when a spreadsheet could run it. */
export function protectCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The cell as imported: the export's protective apostrophe removed; any other cell as it is. */
export function unprotectCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;
}
