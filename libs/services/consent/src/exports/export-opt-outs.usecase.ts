import type { consentV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { reachKnownConsentRoute } from '../access/consent-route';
import type { ConsentDeps } from '../consent-deps';
import { optOutCsvHeader, optOutCsvRow } from '../csv/opt-out-csv';
import { countOptOutsUpTo, pageOptOutsOldestFirst, type OptOutExportRow } from '../opt-outs/opt-outs.repository';
import { csvExportPage, type CsvExport } from './csv-export-page';

/**
 * GET .../recipient-consent/opt-outs/export, one page per call (the gateway
 * streams them), with the rights of the list: the opt-outs in force the list
 * shows for the route (a subaccount's, or the whole account's), as the
 * opt-out export's columns, cells a spreadsheet could run protected.
 */
export async function exportOptOuts(deps: Pick<ConsentDeps, 'db' | 'clients'>, principal: Principal, request: consentV1.ExportPageRequest): Promise<consentV1.CsvPage> {
  const base = await reachKnownConsentRoute(deps.clients, principal, request.route, 'read');
  const exporter: CsvExport<OptOutExportRow> = {
    kind: 'opt-outs',
    header: optOutCsvHeader,
    line: (row) =>
      optOutCsvRow({
        recipient: row.recipient,
        channel: row.channel_type,
        scope: row.scope,
        subaccountId: row.subaccount_id,
        reason: row.reason,
        source: row.source,
        createdAt: row.created_at,
      }),
    positionOf: (row) => ({ at: row.cursor_created_at, id: row.id }),
    page: (b, after, limit) => pageOptOutsOldestFirst(deps.db, b, after, limit),
    countUpTo: (b, cap) => countOptOutsUpTo(deps.db, b, cap),
  };
  return csvExportPage(exporter, base, request.cursor);
}
