import type { messagingV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { isUuid } from './ids';
import { toMessage } from './message.mapper';
import { findMessage, listAudit, listChannelAttempts } from './message.repository';

/** GET /v1/{accounts|subaccounts}/.../messages/{messageId}: the message with its history. */
export async function getMessage(
  db: Knex,
  principal: Principal,
  request: messagingV1.GetMessageRequest,
): Promise<messagingV1.Message> {
  const { subaccountId } = reachAccount(principal, { accountId: request.accountId, subaccountId: request.subaccountId, what: 'Message' });
  if (!isUuid(request.messageId)) throw DomainError.notFound('Message');
  const row = await findMessage(db, { id: request.messageId, accountId: request.accountId, subaccountId });
  if (!row) throw DomainError.notFound('Message');
  const attempts = await listChannelAttempts(db, row.id);
  const audit = await listAudit(db, row.id);
  return toMessage(row, attempts, audit);
}
