import type { messagingV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { isUuid } from '../messages/ids';
import { toMessage } from '../messages/message.mapper';
import { cursorOf, listIdentity, parseMessageListQuery } from './list-messages-query';
import { encodeMessageCursor } from './message-cursor';
import { historiesOf, pageMessages } from './message-list.repository';

/**
 * GET /v1/accounts/{accountId}/messages and /v1/subaccounts/{id}/messages
 * (DECISIONS "Messages"): the caller's own messages, newest first,
 * keyset-paged. A caller limited to a subaccount sees only its messages on
 * either route; asking for another subaccount is NOT_FOUND.
 */
export async function listMessages(
  db: Knex,
  principal: Principal,
  request: messagingV1.ListMessagesRequest,
): Promise<messagingV1.ListMessagesResponse> {
  reachAccount(principal, { accountId: request.accountId });
  if (request.subaccountRoute && !isUuid(request.subaccountId)) throw DomainError.notFound('Subaccount');
  const query = parseMessageListQuery(request);
  const requested = request.subaccountRoute ? request.subaccountId : query.subaccountId;
  const scope = reachAccount(principal, { accountId: request.accountId, subaccountId: requested, right: 'ReadMessages' }).subaccountId;
  const list = listIdentity(request.accountId, scope, query);
  const after = cursorOf(list, query);

  const rows = await pageMessages(db, {
    accountId: request.accountId,
    subaccountId: scope,
    status: query.status,
    clientReference: query.clientReference,
    from: query.from,
    to: query.to,
    after,
    limit: query.pageSize + 1,
  });
  const page = rows.slice(0, query.pageSize);
  const { attempts, audit } = await historiesOf(
    db,
    page.map((r) => r.id),
  );
  const last = page[page.length - 1];
  return {
    items: page.map(({ cursor_created_at: _position, ...row }) => toMessage(row, attempts.get(row.id) ?? [], audit.get(row.id) ?? [])),
    nextCursor:
      rows.length > query.pageSize && last
        ? encodeMessageCursor(list, { createdAt: last.cursor_created_at, messageId: last.id })
        : undefined,
  };
}
