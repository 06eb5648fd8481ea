import type { repliesV1 } from '@mp/contracts';
import { isUuid, reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { toInboundMessage } from '../inbound-messages/inbound-message';
import { listRepliesToMessage } from '../inbound-messages/inbound-messages.repository';
import type { RepliesClients } from '../replies-clients';

/**
 * GET /v1/{accounts|subaccounts}/{id}/messages/{messageId}/replies (spec 4.2):
 * the replies linked to one message, oldest first, empty when none. Whether
 * the caller reaches the message is messaging's to say, asked with the
 * caller's own principal: its NOT_FOUND (another account, another
 * subaccount, no such message) is the answer here too.
 */
export async function listMessageReplies(
  db: Knex,
  clients: Pick<RepliesClients, 'messaging'>,
  principal: Principal,
  request: repliesV1.ListMessageRepliesRequest,
): Promise<repliesV1.ListMessageRepliesResponse> {
  const { accountId, subaccountId } = reachAccount(principal, {
    accountId: request.accountId,
    subaccountId: request.subaccountId,
    right: 'ReadMessages',
    what: 'Message',
  });
  if (!isUuid(request.messageId)) throw DomainError.notFound('Message');
  await clients.messaging.getMessage({ accountId, messageId: request.messageId, subaccountId }, { principal });
  const rows = await listRepliesToMessage(db, accountId, request.messageId);
  return { items: rows.map(toInboundMessage) };
}
