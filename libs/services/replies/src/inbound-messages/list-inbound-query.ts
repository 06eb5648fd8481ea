import type { repliesV1 } from '@mp/contracts';
import { addFieldError, INVALID_CURSOR, parsePageSize, parseTimeRange, throwIfInvalid, type FieldErrors } from '@mp/paging';
import { decodeCursor, type InboundCursor } from './inbound-cursor';

/** A validated inbound list query (spec 4.2): `from` inclusive, `to` exclusive, newest first. */
export interface InboundListQuery {
  from?: Date;
  to?: Date;
  pageSize: number;
  after?: InboundCursor;
}

/**
 * Every bad field at once, as one VALIDATION_FAILED naming them; range,
 * pageSize and cursor follow the shared list rules (@mp/paging). `list` is
 * the list's identity, which a cursor must have been issued for.
 */
export function parseInboundListQuery(request: repliesV1.ListInboundMessagesRequest, list: string): InboundListQuery {
  const errors: FieldErrors = {};
  const { from, to } = parseTimeRange(request, errors);
  const pageSize = parsePageSize(request.pageSize, errors);
  const raw = request.cursor;
  const after = raw === undefined || raw === '' ? undefined : decodeCursor(list, raw);
  if (raw !== undefined && raw !== '' && !after) addFieldError(errors, 'cursor', INVALID_CURSOR);
  throwIfInvalid(errors);
  return { from, to, pageSize, after };
}
