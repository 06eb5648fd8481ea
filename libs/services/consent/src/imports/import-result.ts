import type { consentV1 } from '@mp/contracts';
import type { ImportRowOutcome } from '../csv/import-file.rules';

/** What an import answers for each row: the file's own verdicts, and for valid rows whether they were stored. */
export type ImportRowResultName = 'created' | 'already_exists' | 'duplicate_in_file' | 'invalid';

/**
 * The answer of an import (spec 4.7 rule 5): one result per data row, in
 * file order, with the counts and the file's SHA-256. A valid row is
 * `created` when this import stored it (`created` holds its row numbers),
 * else `already_exists`; `invalid` carries why in `errors`, and
 * `duplicate_in_file` names the earlier row it repeats.
 */
export function importResult<T>(sha256: string, outcomes: ReadonlyArray<ImportRowOutcome<T>>, created: ReadonlySet<number>): consentV1.ImportResult {
  const counts: Record<ImportRowResultName, number> = { created: 0, already_exists: 0, duplicate_in_file: 0, invalid: 0 };
  const rows = outcomes.map((o): consentV1.ImportRowResult => {
    let result: ImportRowResultName;
    let errors: string[] = [];
    if (o.outcome === 'invalid') {
      result = 'invalid';
      errors = o.reasons;
    } else if (o.outcome === 'duplicate_in_file') {
      result = 'duplicate_in_file';
      errors = [`repeats row ${o.firstRow}`];
    } else {
      result = created.has(o.row) ? 'created' : 'already_exists';
    }
    counts[result] += 1;
    return { row: o.row, result, errors };
  });
  return {
    sha256,
    rows,
    created: counts.created,
    alreadyExists: counts.already_exists,
    duplicateInFile: counts.duplicate_in_file,
    invalid: counts.invalid,
  };
}
