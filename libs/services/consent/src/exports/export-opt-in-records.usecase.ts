import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { optInRecordCsvHeader, optInRecordCsvRow } from '../csv/opt-in-record-csv';
import { countOptInRecordsUpTo, pageOptInRecordsOldestFirst, type OptInRecordExportRow } from '../opt-in-records/opt-in-records.repository';
import { csvExportPage, type CsvExport } from './csv-export-page';

/**
 * GET .../recipient-consent/opt-in-records/export, one page per call, with
 * the rights of the list: the evidence the list shows for the route (a
 * subaccount's, or the whole account's), as the evidence export's columns.
 */
export async function exportOptInRecords(
  deps: Pick<ConsentDeps, 'db' | 'clients'>,
  principal: Principal,
  request: consentV1.ExportPageRequest,
): Promise<consentV1.CsvPage> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'read');
  const exporter: CsvExport<OptInRecordExportRow> = {
    kind: 'opt-in-records',
    header: optInRecordCsvHeader,
    line: (row) =>
      optInRecordCsvRow({
        phoneNumber: row.phone_number,
        optedInAt: row.opted_in_at,
        method: row.method,
        source: row.source,
        consentLanguage: row.consent_language,
        subaccountId: row.subaccount_id,
        createdAt: row.created_at,
      }),
    positionOf: (row) => ({ at: row.cursor_created_at, id: row.record_id }),
    page: (b, after, limit) => pageOptInRecordsOldestFirst(deps.db, b, after, limit),
    countUpTo: (b, cap) => countOptInRecordsUpTo(deps.db, b, cap),
  };
  return csvExportPage(exporter, base, request.cursor);
}
