import type { repliesV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { decodeCursor, type InboundCursor } from './inbound-cursor';
import { parseIsoTimestamp } from './iso-timestamp';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

/** A validated inbound list query (spec 4.2): `from` inclusive, `to` exclusive, newest first. */
export interface InboundListQuery {
  from?: Date;
  to?: Date;
  pageSize: number;
  after?: InboundCursor;
}

const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/** Every bad field at once, as one VALIDATION_FAILED naming them. */
export function parseInboundListQuery(request: repliesV1.ListInboundMessagesRequest): InboundListQuery {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const fromRaw = given(request.from);
  const toRaw = given(request.to);
  const from = fromRaw === undefined ? undefined : parseIsoTimestamp(fromRaw);
  const to = toRaw === undefined ? undefined : parseIsoTimestamp(toRaw);
  if (fromRaw !== undefined && !from) add('from', 'must be an ISO-8601 timestamp');
  if (toRaw !== undefined && !to) add('to', 'must be an ISO-8601 timestamp');
  if (from && to && from.getTime() >= to.getTime()) add('to', 'empty date range: to must be later than from');

  // proto3 cannot tell an omitted page_size from 0: 0 means "use the default".
  const pageSize = request.pageSize === 0 ? DEFAULT_PAGE_SIZE : request.pageSize;
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    add('pageSize', `must be between 1 and ${MAX_PAGE_SIZE}`);
  }

  const cursorRaw = given(request.cursor);
  const after = cursorRaw === undefined ? undefined : decodeCursor(cursorRaw);
  if (cursorRaw !== undefined && !after) add('cursor', 'is not a valid cursor');

  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const rangeOnly = fields.length === 1 && errors.to?.length === 1 && errors.to[0].startsWith('empty date range');
    throw DomainError.validation(errors, rangeOnly ? 'The date range is empty: to must be later than from.' : `Invalid ${fields.join(', ')}.`);
  }
  return { from, to, pageSize, after };
}
