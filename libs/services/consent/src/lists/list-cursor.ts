import { addFieldError, decodeKeysetCursor, encodeKeysetCursor, INVALID_CURSOR, parsePageSize, type FieldErrors, type KeysetPosition } from '@mp/paging';

/**
 * A consent list's cursor: the keyset position (@mp/paging) of the last item
 * of the previous page, bound to the list it came from (which list, its
 * account and subaccount, its filters), so a cursor taken to another list or
 * filter is refused as invalid.
 */
export const listIdentity = (list: 'opt-outs' | 'opt-in-records', parts: ReadonlyArray<string | null | undefined>) =>
  `consent-${list}:v1|${parts.map((p) => p ?? '*').join('|')}`;

export const encodeListCursor = (identity: string, position: KeysetPosition) => encodeKeysetCursor(identity, position);

export interface ListPage {
  pageSize: number;
  after?: KeysetPosition;
}

/** pageSize (1 to 200, default 50) and cursor, into `errors` when wrong. */
export function readListPage(errors: FieldErrors, identity: string, request: { pageSize?: string; cursor?: string }): ListPage {
  const pageSize = parsePageSize(request.pageSize, errors);
  const raw = request.cursor;
  if (raw === undefined || raw === '') return { pageSize };
  const after = decodeKeysetCursor(identity, raw);
  if (!after) addFieldError(errors, 'cursor', INVALID_CURSOR);
  return { pageSize, after };
}
