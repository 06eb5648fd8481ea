/** What a row of an import file reads as: its value and the key that makes two rows the same, or why it is invalid. */
export type ImportRowReading<T> = { value: T; key: string } | { reasons: string[] };

/** One kind of import file (spec 4.7 rule 5): its columns and how a data row reads. */
export interface ImportFileKind<T> {
  /** The files in words, for messages: "opt-out files". */
  files: string;
  required: readonly string[];
  optional: readonly string[];
  /** Columns of this platform's own export that an import accepts and ignores, so an exported file imports back. */
  ignored: readonly string[];
  /** `cell(column)` is the row's cell in that column ('' when the file has no such column). */
  readRow(cell: (column: string) => string, now: Date): ImportRowReading<T>;
}
