import type { messagingV1 } from '@mp/contracts';
import { addFieldError, INVALID_CURSOR, parsePageSize, parseTimeRange, throwIfInvalid, type FieldErrors } from '@mp/paging';
import { DomainError } from '@mp/problems';
import { isUuid } from '../messages/ids';
import type { MessageStatus } from '../messages/message.types';
import { MAX_CLIENT_REFERENCE_LENGTH } from '../rules/client-reference';
import { decodeMessageCursor, type MessageCursor } from './message-cursor';

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

/** Every bad field at once, as one VALIDATION_FAILED naming them (range and pageSize: the shared list rules). */
export function parseMessageListQuery(request: messagingV1.ListMessagesRequest): MessageListQuery {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => addFieldError(errors, field, message);

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

  const { from, to } = parseTimeRange(request, errors);
  const pageSize = parsePageSize(request.pageSize, errors);

  const cursor = request.cursor;
  if (cursor !== undefined && cursor === '') add('cursor', INVALID_CURSOR);

  throwIfInvalid(errors);
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
    throw DomainError.validation({ cursor: [INVALID_CURSOR] }, 'Invalid cursor.');
  }
  return position;
}
