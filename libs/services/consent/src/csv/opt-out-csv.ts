import { csvHeader, csvRow } from './csv-writer';

/**
 * The opt-out export (GET .../opt-outs/export, spec 4.7 rule 6): these
 * columns in this order. The first, second and fifth are the import's
 * `recipient`, `channel` and `reason`; the import accepts and ignores the
 * others, so an exported file imports back unchanged.
 */
export const OPT_OUT_EXPORT_COLUMNS = ['recipient', 'channel', 'scope', 'subaccount_id', 'reason', 'source', 'created_at'] as const;

/** An opt-out in force as the export writes it. */
export interface OptOutForExport {
  recipient: string;
  channel: string;
  /** `subaccount`, `accountLevelOnly`, `entireAccount` or `stopReply`. */
  scope: string;
  subaccountId: string | null;
  reason: string | null;
  /** Who recorded it: `customer`, `import`, `stop_reply`, `support`. */
  source: string;
  createdAt: Date | string;
}

/** The header line, with its CRLF. */
export function optOutCsvHeader(): string {
  return csvHeader(OPT_OUT_EXPORT_COLUMNS);
}

/** One opt-out's line, with its CRLF; created_at in UTC ISO 8601. */
export function optOutCsvRow(optOut: OptOutForExport): string {
  return csvRow([
    optOut.recipient,
    optOut.channel,
    optOut.scope,
    optOut.subaccountId,
    optOut.reason,
    optOut.source,
    new Date(optOut.createdAt).toISOString(),
  ]);
}
