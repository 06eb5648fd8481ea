import type { ImportFileKind } from './import-file-kind';
import { MAX_CONSENT_LANGUAGE_LENGTH, MAX_SOURCE_LENGTH, readMethod } from '../opt-in-records/evidence-fields.rules';
import { readOptionalCodeCell, readOptionalTextCell, readPastUtcTimeCell, readPhoneNumberCell } from './import-cells.rules';
import { OPT_IN_RECORD_EXPORT_COLUMNS } from './opt-in-record-csv';

/** A valid row of an evidence file (spec 2.7's consent evidence record). */
export interface OptInRecordFileRow {
  phoneNumber: string;
  optedInAt: Date;
  method: string;
  source: string | null;
  consentLanguage: string | null;
}

const REQUIRED = ['phone_number', 'opted_in_at', 'method'];
const OPTIONAL = ['source', 'consent_language'];

/**
 * Evidence files (spec 4.7 rule 5): `phone_number`, `opted_in_at` (UTC),
 * `method`, optional `source` and `consent_language`. The evidence export's
 * `subaccount_id` and `created_at` are accepted and ignored, so an exported
 * file imports back unchanged. Two rows are the same record when number,
 * time (to the millisecond) and method are.
 */
export const OPT_IN_RECORD_FILE: ImportFileKind<OptInRecordFileRow> = {
  files: 'evidence files',
  required: REQUIRED,
  optional: OPTIONAL,
  ignored: OPT_IN_RECORD_EXPORT_COLUMNS.filter((column) => !REQUIRED.includes(column) && !OPTIONAL.includes(column)),
  readRow(cell, now) {
    const reasons: string[] = [];
    const phoneNumber = readPhoneNumberCell(reasons, 'phone_number', cell('phone_number'));
    const optedInAt = readPastUtcTimeCell(reasons, 'opted_in_at', cell('opted_in_at'), now);
    const method = readMethod(cell('method'), (problem) => reasons.push(`method ${problem}`));
    const source = readOptionalTextCell(reasons, 'source', cell('source'), MAX_SOURCE_LENGTH);
    const consentLanguage = readOptionalCodeCell(reasons, 'consent_language', cell('consent_language'), MAX_CONSENT_LANGUAGE_LENGTH);
    if (reasons.length > 0 || phoneNumber === undefined || optedInAt === undefined || method === undefined) return { reasons };
    return { value: { phoneNumber, optedInAt, method, source, consentLanguage }, key: `${phoneNumber} ${optedInAt.toISOString()} ${method}` };
  },
};
