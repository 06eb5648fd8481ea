import type { Clock } from '@mp/clock';
import type { messagingV1 } from '@mp/contracts';
import { reachAccount, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { isUuid } from './ids';
import { applyTransition } from './message-transition';
import { toMessage } from './message.mapper';
import { findMessage, listAudit, listChannelAttempts } from './message.repository';
import type { MessageStatus } from './message.types';

export interface CancelMessageDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
}

function notCancelable(status: MessageStatus): DomainError {
  return new DomainError('MESSAGE_NOT_CANCELABLE', `The message is ${status}; only a scheduled message can be canceled.`);
}

/**
 * POST .../messages/{messageId}/cancel (spec 3.1): scheduled -> canceled,
 * never sent, never charged. One conditional update decides a race with the
 * release at sendAt: whichever writes first wins, and a cancel that lost
 * answers 409 with the state the message is in now.
 */
export async function cancelMessage(
  deps: CancelMessageDeps,
  principal: Principal,
  request: messagingV1.CancelMessageRequest,
): Promise<messagingV1.Message> {
  const { subaccountId } = reachAccount(principal, { accountId: request.accountId, subaccountId: request.subaccountId, what: 'Message' });
  if (!isUuid(request.messageId)) throw DomainError.notFound('Message');
  const where = { id: request.messageId, accountId: request.accountId, subaccountId };
  const found = await findMessage(deps.db, where);
  if (!found) throw DomainError.notFound('Message');
  if (found.status !== 'scheduled') throw notCancelable(found.status);
  const now = deps.clock.now();
  const canceled = await deps.db.transaction((trx) =>
    applyTransition(trx, deps.outbox, now, {
      guard: { id: found.id, from: 'scheduled' },
      to: 'canceled',
      changes: { failure_reason: null },
      audit: { event: 'canceled', detail: `canceled by ${principal.kind === 'api_key' ? 'API key' : principal.kind}` },
    }),
  );
  if (!canceled) {
    const current = await findMessage(deps.db, where);
    throw notCancelable(current?.status ?? found.status);
  }
  const [attempts, audit] = [await listChannelAttempts(deps.db, canceled.id), await listAudit(deps.db, canceled.id)];
  return toMessage(canceled, attempts, audit);
}
