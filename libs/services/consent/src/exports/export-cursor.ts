import { addFieldError, decodeKeysetCursor, encodeKeysetCursor, INVALID_CURSOR, type FieldErrors, type KeysetPosition } from '@mp/paging';
import type { ConsentBase } from '../access/consent-reach.rules';
import { MAX_EXPORT_ROWS } from '../csv/consent-csv-limits';
import { given } from '../opt-outs/consent-fields.rules';

/** Where the next page of an export starts: how many rows the earlier pages wrote, and the last row's keyset position. */
export interface ExportPosition {
  written: number;
  after: KeysetPosition;
}

/** Which export a cursor belongs to: the kind and the route's base. */
export const exportIdentity = (kind: 'opt-outs' | 'opt-in-records', base: ConsentBase) => `consent-${kind}-export:v1|${base.accountId}|${base.subaccountId ?? '*'}`;

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const MAX_LENGTH = 400;
// The written count, then the keyset cursor (base64url, so it holds no dot).
const PARTS = /^([1-9][0-9]{0,5})\.([A-Za-z0-9_-]+)$/;

/**
 * The opaque next_cursor of an export page: base64url of `<written>.<keyset
 * cursor>`, the keyset cursor (@mp/paging) checked against the export's
 * identity and the written count, so a cursor edited, or taken to another
 * route or kind, is refused.
 */
export function encodeExportCursor(identity: string, position: ExportPosition): string {
  return Buffer.from(`${position.written}.${encodeKeysetCursor(`${identity}|${position.written}`, position.after)}`, 'utf8').toString('base64url');
}

/** The position a cursor carries, or undefined (added to `errors` as field cursor) when it is not one of this export's. */
export function readExportCursor(errors: FieldErrors, identity: string, raw: string | undefined): ExportPosition | undefined {
  if (!given(raw)) return undefined;
  const position = decode(identity, raw);
  if (!position) addFieldError(errors, 'cursor', INVALID_CURSOR);
  return position;
}

function decode(identity: string, raw: string): ExportPosition | undefined {
  if (raw.length > MAX_LENGTH || !BASE64URL.test(raw)) return undefined;
  const parts = PARTS.exec(Buffer.from(raw, 'base64url').toString('utf8'));
  if (!parts) return undefined;
  const written = Number(parts[1]);
  if (written >= MAX_EXPORT_ROWS) return undefined;
  const after = decodeKeysetCursor(`${identity}|${written}`, parts[2]);
  return after && { written, after };
}
