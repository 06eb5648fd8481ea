import type { repliesV1 } from '@mp/contracts';
import { isUuid } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { Knex } from 'knex';
import { toInboundMessage } from './inbound-message';
import { findInboundMessage } from './inbound-messages.repository';

/**
 * One inbound message and the carrier's id for it, for messaging to answer it
 * (its WhatsApp attempt quotes that id). Called by services only; the account
 * (and subaccount, when the sender is limited to one) are the sender's, so
 * another account's id is NOT_FOUND as an unknown one is.
 */
export async function getInboundMessage(db: Knex, request: repliesV1.GetInboundMessageRequest): Promise<repliesV1.InboundMessageWithCarrierId> {
  if (!isUuid(request.accountId) || !isUuid(request.inboundMessageId)) throw DomainError.notFound('Inbound message');
  const row = await findInboundMessage(db, {
    accountId: request.accountId,
    subaccountId: request.subaccountId,
    inboundMessageId: request.inboundMessageId,
  });
  if (!row) throw DomainError.notFound('Inbound message');
  return { inboundMessage: toInboundMessage(row), carrierMessageId: row.carrier_message_id ?? undefined };
}
