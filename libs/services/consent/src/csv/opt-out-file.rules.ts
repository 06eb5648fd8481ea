import type { ImportFileKind } from './import-file-kind';
import { readChannelCell, readOptionalTextCell, readRecipientCell, type ImportChannel } from './import-cells.rules';
import { OPT_OUT_EXPORT_COLUMNS } from './opt-out-csv';

/** As POST .../opt-out allows. */
export const MAX_OPT_OUT_REASON_LENGTH = 500;

/** A valid row of an opt-out file: recipient canonical (E.164, or an e-mail address in lower case). */
export interface OptOutFileRow {
  recipient: string;
  channel: ImportChannel;
  reason: string | null;
}

const REQUIRED = ['recipient', 'channel'];
const OPTIONAL = ['reason'];

/**
 * Opt-out files (spec 4.7 rule 5): `recipient`, `channel`, optional `reason`.
 * The opt-out export's other columns (`scope`, `subaccount_id`, `source`,
 * `created_at`) are accepted and ignored so an exported file imports back
 * unchanged: the scope of imported opt-outs comes from the route (and the
 * query `scope` on account routes), never from the file. Two rows are the
 * same opt-out when recipient and channel are.
 */
export const OPT_OUT_FILE: ImportFileKind<OptOutFileRow> = {
  files: 'opt-out files',
  required: REQUIRED,
  optional: OPTIONAL,
  ignored: OPT_OUT_EXPORT_COLUMNS.filter((column) => !REQUIRED.includes(column) && !OPTIONAL.includes(column)),
  readRow(cell) {
    const reasons: string[] = [];
    const channel = readChannelCell(reasons, 'channel', cell('channel'));
    const recipient = readRecipientCell(reasons, 'recipient', cell('recipient'), channel);
    const reason = readOptionalTextCell(reasons, 'reason', cell('reason'), MAX_OPT_OUT_REASON_LENGTH);
    if (reasons.length > 0 || recipient === undefined || channel === undefined) return { reasons };
    return { value: { recipient, channel, reason }, key: `${channel} ${recipient}` };
  },
};
