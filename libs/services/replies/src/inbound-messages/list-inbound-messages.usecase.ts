import type { repliesV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import { encodeCursor, inboundListIdentity } from './inbound-cursor';
import { toInboundMessage } from './inbound-message';
import { pageInboundMessages } from './inbound-messages.repository';
import { parseInboundListQuery } from './list-inbound-query';

/**
 * GET /v1/accounts/{accountId}/inbound-messages and the subaccount route
 * (spec 4.2): the caller's account only, newest first, keyset-paged.
 */
export async function listInboundMessages(
  db: Knex,
  principal: Principal,
  request: repliesV1.ListInboundMessagesRequest,
): Promise<repliesV1.ListInboundMessagesResponse> {
  // The account-wide list is closed to a caller limited to a subaccount.
  const { subaccountId } = reachAccount(principal, {
    accountId: request.accountId,
    subaccountId: request.subaccountId,
    accountWide: true,
    right: 'ReadMessages',
  });
  const list = inboundListIdentity(request.accountId, subaccountId);
  const query = parseInboundListQuery(request, list);
  const rows = await pageInboundMessages(db, {
    accountId: request.accountId,
    subaccountId,
    from: query.from,
    to: query.to,
    after: query.after,
    limit: query.pageSize + 1,
  });
  const page = rows.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    items: page.map(toInboundMessage),
    nextCursor:
      rows.length > query.pageSize && last
        ? encodeCursor(list, { receivedAt: last.cursor_received_at, inboundMessageId: last.inbound_message_id })
        : undefined,
  };
}
