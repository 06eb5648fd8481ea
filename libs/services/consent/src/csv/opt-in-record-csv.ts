import { csvHeader, csvRow } from './csv-writer';

/**
 * The evidence export (GET .../opt-in-records/export, spec 4.7 rule 6):
 * these columns in this order, the first five being the evidence file's own
 * (spec 2.7); the import accepts and ignores `subaccount_id` and
 * `created_at`, so an exported file imports back unchanged.
 */
export const OPT_IN_RECORD_EXPORT_COLUMNS = ['phone_number', 'opted_in_at', 'method', 'source', 'consent_language', 'subaccount_id', 'created_at'] as const;

/** A consent evidence record as the export writes it. */
export interface OptInRecordForExport {
  phoneNumber: string;
  optedInAt: Date | string;
  method: string;
  source: string | null;
  consentLanguage: string | null;
  subaccountId: string | null;
  createdAt: Date | string;
}

/** The header line, with its CRLF. */
export function optInRecordCsvHeader(): string {
  return csvHeader(OPT_IN_RECORD_EXPORT_COLUMNS);
}

/** One record's line, with its CRLF; times in UTC ISO 8601 (as the import reads them). */
export function optInRecordCsvRow(record: OptInRecordForExport): string {
  return csvRow([
    record.phoneNumber,
    new Date(record.optedInAt).toISOString(),
    record.method,
    record.source,
    record.consentLanguage,
    record.subaccountId,
    new Date(record.createdAt).toISOString(),
  ]);
}
