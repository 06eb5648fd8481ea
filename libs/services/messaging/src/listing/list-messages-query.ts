import type { messagingV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { isUuid } from '../messages/ids';
import type { MessageStatus } from '../messages/message.types';
import { MAX_CLIENT_REFERENCE_LENGTH } from '../rules/client-reference';
import { parseUtcTimestamp } from '../submission/utc-timestamp';
import { decodeMessageCursor, type MessageCursor } from './message-cursor';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 200;

export const MESSAGE_STATUSES: readonly MessageStatus[] = [
  'scheduled',
  'queued',
  'dispatched',
  'delivered',
  'undelivered',
  'failed',
  'canceled',
  'expired',
];

/** A validated list query (DECISIONS "Messages"): `from` inclusive, `to` exclusive, newest first. */
export interface MessageListQuery {
  status?: MessageStatus;
  clientReference?: string;
  /** The `subaccountId` filter of the account route (the scope is decided by the caller's reach). */
  subaccountId?: string;
  from?: Date;
  to?: Date;
  pageSize: number;
  /** The cursor as given; decoded once the list it must belong to is known. */
  cursor?: string;
}

const given = (value: string | undefined) => (value === undefined || value === '' ? undefined : value);

/** Every bad field at once, as one VALIDATION_FAILED naming them. */
export function parseMessageListQuery(request: messagingV1.ListMessagesRequest): MessageListQuery {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);

  const statusRaw = given(request.status);
  const status = MESSAGE_STATUSES.find((s) => s === statusRaw);
  if (statusRaw !== undefined && !status) add('status', `must be one of ${MESSAGE_STATUSES.join(', ')}`);

  const clientReference = given(request.clientReference);
  if (clientReference !== undefined && [...clientReference].length > MAX_CLIENT_REFERENCE_LENGTH) {
    add('clientReference', `must be at most ${MAX_CLIENT_REFERENCE_LENGTH} characters`);
  }

  // On the subaccount route the id is the path's, checked as a resource (404), not as a filter.
  const subaccountId = request.subaccountRoute ? undefined : given(request.subaccountId);
  if (subaccountId !== undefined && !isUuid(subaccountId)) add('subaccountId', 'must be a UUID');

  const fromRaw = given(request.from);
  const toRaw = given(request.to);
  const from = fromRaw === undefined ? undefined : parseUtcTimestamp(fromRaw);
  const to = toRaw === undefined ? undefined : parseUtcTimestamp(toRaw);
  if (fromRaw !== undefined && !from) add('from', 'must be a UTC ISO-8601 timestamp such as 2026-01-31T09:00:00Z');
  if (toRaw !== undefined && !to) add('to', 'must be a UTC ISO-8601 timestamp such as 2026-01-31T09:00:00Z');
  if (from && to && from.getTime() >= to.getTime()) add('to', 'empty date range: to must be later than from');

  const pageSizeRaw = given(request.pageSize);
  const pageSize = pageSizeRaw === undefined ? DEFAULT_PAGE_SIZE : /^\d{1,4}$/.test(pageSizeRaw) ? Number(pageSizeRaw) : NaN;
  if (!(pageSize >= 1 && pageSize <= MAX_PAGE_SIZE)) add('pageSize', `must be a whole number from 1 to ${MAX_PAGE_SIZE}`);

  const cursor = request.cursor;
  if (cursor !== undefined && cursor === '') add('cursor', 'is not a valid cursor');

  const fields = Object.keys(errors);
  if (fields.length > 0) {
    const rangeOnly = fields.length === 1 && errors.to?.length === 1 && errors.to[0].startsWith('empty date range');
    throw DomainError.validation(errors, rangeOnly ? 'The date range is empty: to must be later than from.' : `Invalid ${fields.join(', ')}.`);
  }
  return { status, clientReference, subaccountId, from, to, pageSize, cursor };
}

/**
 * What a cursor is bound to: the account, the subaccount the list covers and
 * every filter. Page size may change between pages; nothing else may.
 */
export function listIdentity(accountId: string, scope: string | undefined, query: MessageListQuery): string {
  return JSON.stringify([
    accountId,
    scope ?? null,
    query.status ?? null,
    query.clientReference ?? null,
    query.from?.toISOString() ?? null,
    query.to?.toISOString() ?? null,
  ]);
}

/** Decodes the query's cursor for its list, or VALIDATION_FAILED naming `cursor`. */
export function cursorOf(list: string, query: MessageListQuery): MessageCursor | undefined {
  if (query.cursor === undefined) return undefined;
  const position = decodeMessageCursor(list, query.cursor);
  if (!position) {
    throw DomainError.validation({ cursor: ['is not a valid cursor for this list'] }, 'Invalid cursor.');
  }
  return position;
}
