import { checkImportFile } from './import-file.rules';
import { OPT_IN_RECORD_EXPORT_COLUMNS, optInRecordCsvHeader, optInRecordCsvRow, type OptInRecordForExport } from './opt-in-record-csv';

const NOW = new Date('2026-10-18T12:00:00Z');
const record = (over: Partial<OptInRecordForExport> = {}): OptInRecordForExport => ({
  phoneNumber: '+14155550100',
  optedInAt: new Date('2026-01-31T09:30:00.250Z'),
  method: 'WebForm',
  source: null,
  consentLanguage: null,
  subaccountId: null,
  createdAt: new Date('2026-10-01T08:00:00.000Z'),
  ...over,
});

describe('evidence export (spec 4.7 rule 6)', () => {
  it('writes the header in the export column order', () => {
    expect(OPT_IN_RECORD_EXPORT_COLUMNS).toEqual(['phone_number', 'opted_in_at', 'method', 'source', 'consent_language', 'subaccount_id', 'created_at']);
    expect(optInRecordCsvHeader()).toBe('phone_number,opted_in_at,method,source,consent_language,subaccount_id,created_at\r\n');
  });

  it('writes a record as one CRLF line, the number protected, times in UTC', () => {
    expect(optInRecordCsvRow(record({ source: 'signup page', consentLanguage: 'en-US', subaccountId: 'sub-1' }))).toBe(
      "'+14155550100,2026-01-31T09:30:00.250Z,WebForm,signup page,en-US,sub-1,2026-10-01T08:00:00.000Z\r\n",
    );
  });

  it('imports back unchanged', () => {
    const exported = [
      record(),
      record({ phoneNumber: '+447700900123', method: '-verbal', source: '=cmd|"/c calc"!A1', consentLanguage: 'fr-CA', subaccountId: 'sub-2' }),
      record({ method: 'Written', source: 'form,\r\nsigned', optedInAt: '2025-12-31T23:59:59Z' }),
    ];
    const file = Buffer.from(optInRecordCsvHeader() + exported.map(optInRecordCsvRow).join(''), 'utf8');
    expect(checkImportFile(file, 'opt-in-records', NOW)).toEqual(
      exported.map((r, i) => ({
        row: i + 1,
        outcome: 'valid',
        value: { phoneNumber: r.phoneNumber, optedInAt: new Date(r.optedInAt), method: r.method, source: r.source, consentLanguage: r.consentLanguage },
      })),
    );
  });
});
