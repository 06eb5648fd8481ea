import { randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { OutboxWriter } from '@mp/service-host';
import type { Logger } from '@mp/telemetry';
import type { Knex } from 'knex';
import type { InboundMessageRow } from '../inbound-messages/inbound-message';
import { insertInboundMessageOnce } from '../inbound-messages/inbound-messages.repository';
import { findDispatchesByCarrierMessageId, findLinkCandidates } from '../sent-messages/sent-messages.repository';
import type { InboundToStore } from './identify-receiving-number.usecase';
import { messageReceivedEvent } from './message-received.event';
import { chooseLinkedMessage, linkWindow, type LinkCandidate, type ReplyToLink } from './reply-link.rules';
import { replyOutcome } from './reply-outcome.rules';

export interface StoreReplyDeps {
  outbox: OutboxWriter;
  clock: Clock;
  logger: Logger;
}

/** The candidates the rules choose among: the quoted dispatch, or the recent ones to that person from that number. */
async function candidatesFor(trx: Knex.Transaction, reply: ReplyToLink): Promise<LinkCandidate[]> {
  if (reply.contextCarrierMessageId) return findDispatchesByCarrierMessageId(trx, reply.accountId, reply.contextCarrierMessageId);
  return findLinkCandidates(trx, { accountId: reply.accountId, recipient: reply.from, sender: reply.to, ...linkWindow(reply.receivedAt) });
}

/**
 * Inside the consumer's transaction, local reads and writes only: links the
 * reply (spec 4.3), reads its keyword and chosen option (3.2), stores it once
 * per (carrier, carrier message id) and, only when it is new, enqueues
 * MessageReceived in the same transaction, so the event goes out exactly
 * once per reply whatever is redelivered or restarted.
 */
export async function storeReply(trx: Knex.Transaction, deps: StoreReplyDeps, prepared: InboundToStore): Promise<void> {
  const { inbound, receivedAt, number } = prepared;
  const reply: ReplyToLink = {
    accountId: number.accountId,
    from: inbound.from,
    to: inbound.to,
    receivedAt,
    contextCarrierMessageId: inbound.contextCarrierMessageId || undefined,
  };
  const linked = chooseLinkedMessage(reply, await candidatesFor(trx, reply));
  // The tapped button's payload is matched but not stored: the row keeps the option it chose, consumers have the event.
  const outcome = replyOutcome(inbound.body, receivedAt, linked, inbound.replyPayload);
  const row: InboundMessageRow = {
    inbound_message_id: randomUUID(),
    account_id: number.accountId,
    // The answered message's subaccount; an unlinked reply belongs where the number does.
    subaccount_id: (linked ? linked.subaccountId : number.subaccountId) ?? null,
    channel_type: inbound.channelType,
    from_address: inbound.from,
    to_address: inbound.to,
    body: inbound.body,
    received_at: receivedAt,
    keyword: outcome.keyword ?? null,
    in_reply_to_message_id: linked?.messageId ?? null,
    in_reply_to_client_reference: linked?.clientReference ?? null,
    reply_option_key: outcome.chosen?.key ?? null,
    reply_option_value: outcome.chosen?.value ?? null,
    after_expiry: outcome.afterExpiry,
    carrier: inbound.carrier,
    carrier_message_id: inbound.carrierMessageId,
    context_carrier_message_id: inbound.contextCarrierMessageId || null,
    created_at: deps.clock.now(),
  };
  if (!(await insertInboundMessageOnce(trx, row))) {
    deps.logger.debug('carrier inbound message already stored', { carrier: inbound.carrier, carrierMessageId: inbound.carrierMessageId });
    return;
  }
  await deps.outbox.enqueue(trx, messageReceivedEvent(row, outcome.reply));
}
