import { unprotectCell } from './cell-protection';

/**
 * RFC 4180 reading of an uploaded file (spec 4.7 rule 5): UTF-8 only (a BOM
 * is skipped), CRLF, LF or a lone CR as line ends, quoted fields with ""
 * escapes and embedded line ends or commas, a header row, blank lines
 * skipped. Records are produced one at a time, so a caller can stop early
 * (at the row limit) without parsing the rest.
 *
 * Lenient where the meaning is clear (a quote inside an unquoted field is
 * kept as a character, a row shorter than the header gets empty cells),
 * strict where it is not: an unterminated quoted field, text after a closing
 * quote, or a row with more cells than the header is a CsvFormatError naming
 * the line.
 */
export class CsvFormatError extends Error {
  constructor(
    /** What is wrong, in words that follow "The file ..." or "line N ...". */
    readonly problem: string,
    /** The 1-based line of the file where the problem starts, when there is one. */
    readonly line?: number,
  ) {
    super(line === undefined ? `The file ${problem}.` : `Line ${line} ${problem}.`);
    this.name = 'CsvFormatError';
  }
}

/** One record of the file: its cells and the line it starts on. */
export interface CsvRecord {
  line: number;
  cells: string[];
}

/** A file after its header: the column names (trimmed, lower case) and its data rows, read lazily, once. */
export interface CsvFile {
  columns: string[];
  /** Each data row's cells line up with `columns` (missing trailing cells are ''); export protection removed. */
  rows: IterableIterator<CsvRecord>;
}

const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

// fatal: invalid UTF-8 is refused rather than turned into U+FFFD; a leading BOM is dropped (ignoreBOM false).
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The file's text; a CsvFormatError when it is not UTF-8 or holds a NUL (a binary file, not CSV). */
export function decodeCsvText(file: Uint8Array): string {
  let text: string;
  try {
    text = utf8.decode(file);
  } catch {
    throw new CsvFormatError('is not UTF-8 text');
  }
  const nul = text.indexOf('\0');
  if (nul >= 0) throw new CsvFormatError('holds a NUL character, so it is not a CSV text file', lineOf(text, nul));
  return text;
}

/** Reads the header row and returns the data rows lazily. A file with no record at all has no columns. */
export function readCsv(file: Uint8Array): CsvFile {
  const records = csvRecords(decodeCsvText(file));
  const header = records.next();
  if (header.done) return { columns: [], rows: [][Symbol.iterator]() };
  const columns = header.value.cells.map((name) => name.trim().toLowerCase());
  return { columns, rows: dataRows(records, columns.length) };
}

function* dataRows(records: Iterator<CsvRecord>, width: number): IterableIterator<CsvRecord> {
  for (let next = records.next(); !next.done; next = records.next()) {
    const { line, cells } = next.value;
    if (cells.length > width) throw new CsvFormatError(`has ${cells.length} cells but the header has ${width}`, line);
    const aligned = cells.map(unprotectCell);
    while (aligned.length < width) aligned.push('');
    yield { line, cells: aligned };
  }
}

/**
 * The records of CSV text, blank ones skipped: a record is blank when every
 * cell is empty or white space (an empty line, or the `,,,` rows spreadsheets
 * leave behind). Cells are returned exactly as written (no trimming).
 */
export function* csvRecords(text: string): Generator<CsvRecord> {
  const length = text.length;
  let i = 0;
  let line = 1;
  while (i < length) {
    const recordLine = line;
    const cells: string[] = [];
    for (;;) {
      if (i < length && text.charCodeAt(i) === QUOTE) {
        const fieldLine = line;
        let value = '';
        let chunk = i + 1;
        let j = chunk;
        for (;;) {
          if (j >= length) throw new CsvFormatError('opens a quoted field that is never closed', fieldLine);
          const c = text.charCodeAt(j);
          if (c === QUOTE) {
            value += text.slice(chunk, j);
            if (text.charCodeAt(j + 1) !== QUOTE) break;
            value += '"';
            j += 2;
            chunk = j;
            continue;
          }
          if (c === LF || (c === CR && text.charCodeAt(j + 1) !== LF)) line += 1;
          j += 1;
        }
        i = j + 1;
        const after = text.charCodeAt(i);
        if (i < length && after !== COMMA && after !== CR && after !== LF) throw new CsvFormatError('has text after a closing quote', line);
        cells.push(value);
      } else {
        let j = i;
        while (j < length) {
          const c = text.charCodeAt(j);
          if (c === COMMA || c === CR || c === LF) break;
          j += 1;
        }
        cells.push(text.slice(i, j));
        i = j;
      }
      if (i >= length) break;
      const c = text.charCodeAt(i);
      i += 1;
      if (c === COMMA) continue;
      if (c === CR && text.charCodeAt(i) === LF) i += 1;
      line += 1;
      break;
    }
    if (!cells.every((cell) => cell.trim() === '')) yield { line: recordLine, cells };
  }
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i += 1) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line += 1;
  }
  return line;
}
