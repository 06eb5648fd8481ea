import { DomainError } from '@mp/problems';
import { MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from './consent-csv-limits';
import { CsvFormatError, readCsv, type CsvFile } from './csv-reader';
import type { ImportFileKind } from './import-file-kind';
import { OPT_IN_RECORD_FILE, type OptInRecordFileRow } from './opt-in-record-file.rules';
import { OPT_OUT_FILE, type OptOutFileRow } from './opt-out-file.rules';

/** The two import files, named as their routes: POST .../opt-outs/import and POST .../opt-in-records/import. */
export type ImportFileKindName = 'opt-outs' | 'opt-in-records';

/** The value of a valid row of each kind of file. */
export interface ImportFileRows {
  'opt-outs': OptOutFileRow;
  'opt-in-records': OptInRecordFileRow;
}

const KINDS: { [K in ImportFileKindName]: ImportFileKind<ImportFileRows[K]> } = {
  'opt-outs': OPT_OUT_FILE,
  'opt-in-records': OPT_IN_RECORD_FILE,
};

/**
 * What the file says about one data row (`row` counts data rows from 1, in
 * file order; the header and blank lines are not rows). `valid` rows are
 * later `created` or `already_exists` against the database; a row repeating
 * an earlier valid row's key is `duplicate_in_file` and names that row.
 */
export type ImportRowOutcome<T> =
  | { row: number; outcome: 'valid'; value: T }
  | { row: number; outcome: 'invalid'; reasons: string[] }
  | { row: number; outcome: 'duplicate_in_file'; value: T; firstRow: number };

/**
 * Checks an import file (spec 4.7 rule 5, spec 8) and reads its rows, one
 * outcome per data row in input order. A file that cannot be imported at all
 * is 400 CONSENT_IMPORT_INVALID: over 5 MB, empty, not UTF-8 or not CSV, a
 * required column missing, an unknown or repeated column, more than 10,000
 * data rows. Pure: nothing is stored, so a refusal stores nothing.
 */
export function checkImportFile<K extends ImportFileKindName>(file: Uint8Array, kind: K, now: Date): Array<ImportRowOutcome<ImportFileRows[K]>> {
  const fileKind = KINDS[kind] as ImportFileKind<ImportFileRows[K]>;
  if (file.byteLength > MAX_IMPORT_BYTES) refuse(`The file is larger than 5 MB (${MAX_IMPORT_BYTES} bytes).`);
  try {
    return readOutcomes(readCsv(file), fileKind, now);
  } catch (error) {
    if (error instanceof CsvFormatError) refuse(error.line === undefined ? error.message : `The file is not valid CSV. ${error.message}`);
    throw error;
  }
}

function readOutcomes<T>(csv: CsvFile, kind: ImportFileKind<T>, now: Date): Array<ImportRowOutcome<T>> {
  const position = checkColumns(csv.columns, kind);
  const cellOf = (cells: string[]) => (column: string) => {
    const index = position.get(column);
    return index === undefined ? '' : cells[index];
  };
  const outcomes: Array<ImportRowOutcome<T>> = [];
  const firstRowOf = new Map<string, number>();
  for (const { cells } of csv.rows) {
    const row = outcomes.length + 1;
    if (row > MAX_IMPORT_ROWS) refuse(`The file has more than ${MAX_IMPORT_ROWS} rows.`);
    const reading = kind.readRow(cellOf(cells), now);
    if ('reasons' in reading) {
      outcomes.push({ row, outcome: 'invalid', reasons: reading.reasons });
      continue;
    }
    const firstRow = firstRowOf.get(reading.key);
    if (firstRow === undefined) {
      firstRowOf.set(reading.key, row);
      outcomes.push({ row, outcome: 'valid', value: reading.value });
    } else {
      outcomes.push({ row, outcome: 'duplicate_in_file', value: reading.value, firstRow });
    }
  }
  return outcomes;
}

/** The header against the kind's columns; answers where each column is. */
function checkColumns<T>(columns: string[], kind: ImportFileKind<T>): Map<string, number> {
  const expected = `${kind.files} have the columns ${kind.required.join(', ')} and optionally ${kind.optional.join(', ')}`;
  if (columns.length === 0) refuse(`The file is empty: ${expected}, with a header row.`);
  const known = new Set([...kind.required, ...kind.optional, ...kind.ignored]);
  const position = new Map<string, number>();
  columns.forEach((column, index) => {
    if (column === '') refuse(`Column ${index + 1} of the header has no name; ${expected}.`);
    if (!known.has(column)) refuse(`The file has an unknown column "${column}"; ${expected} (an export's ${kind.ignored.join(', ')} are accepted and ignored).`);
    if (position.has(column)) refuse(`The file names the column "${column}" twice.`);
    position.set(column, index);
  });
  const missing = kind.required.filter((column) => !position.has(column));
  if (missing.length > 0) refuse(`The file has no column ${missing.join(', ')}; ${expected}.`);
  return position;
}

function refuse(detail: string): never {
  throw new DomainError('CONSENT_IMPORT_INVALID', detail);
}
