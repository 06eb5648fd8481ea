import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { appendEntry } from '../ledger/consent-entries.repository';
import { EVERY_CHANNEL } from '../ledger/consent-entry';
import { consentChangedEvent, eventScopeOf } from '../ledger/consent-events';
import { deleteOptOuts, listOptOutsForRecipient, listStopRepliesOn } from '../opt-outs/opt-outs.repository';
import { isSendBlocked } from '../send-permission/send-block-rule';
import type { KeywordReplyDeps } from './apply-stop-reply.usecase';
import type { KeywordReply } from './keyword-reply';

/**
 * A START reply (spec 4.3 rule 3), inside the consumer's transaction: lifts
 * every STOP of the recipient on the number that received it (any channel,
 * any subaccount: START answers the STOP of that number). A `resubscribed`
 * entry (source start_reply, naming the lifted entries) comes first, then the
 * rows leave the projection, then RecipientOptedIn with stillSuppressed when
 * another opt-out still blocks the recipient on the reply's channel from that
 * number. Nothing happens when no STOP was in force there.
 */
export async function applyStartReply(trx: Knex.Transaction, deps: KeywordReplyDeps, reply: KeywordReply): Promise<boolean> {
  const stops = await listStopRepliesOn(trx, reply.accountId, reply.recipient, reply.receivingNumber);
  if (stops.length === 0) return false;
  const now = deps.clock.now();
  const entryId = randomUUID();
  await appendEntry(trx, {
    entry_id: entryId,
    account_id: reply.accountId,
    subaccount_id: reply.subaccountId,
    recipient: reply.recipient,
    channel_type: EVERY_CHANNEL,
    action: 'resubscribed',
    scope: 'stopReply',
    source: 'start_reply',
    actor: reply.receivingNumber,
    reason: `replied START (inbound message ${reply.inboundMessageId})`,
    consent_method: null,
    consent_evidence: null,
    receiving_number: reply.receivingNumber,
    lifted_entry_ids: [...new Set(stops.map((o) => o.entryId))],
    recorded_at: now,
  });
  await deleteOptOuts(
    trx,
    stops.map((o) => o.id),
  );
  const remaining = await listOptOutsForRecipient(trx, reply.accountId, reply.recipient, reply.channel);
  const stillSuppressed = isSendBlocked(remaining, {
    accountId: reply.accountId,
    subaccountId: reply.subaccountId,
    channelType: reply.channel,
    recipient: reply.recipient,
    fromAddress: reply.receivingNumber,
  });
  await deps.outbox.enqueue(
    trx,
    consentChangedEvent('RecipientOptedIn', {
      accountId: reply.accountId,
      subaccountId: reply.subaccountId,
      recipient: reply.recipient,
      channel: reply.channel,
      scope: eventScopeOf('stopReply', reply.subaccountId),
      sourceLabel: 'START reply',
      receivingNumber: reply.receivingNumber,
      stillSuppressed,
      entryId,
      occurredAt: now,
    }),
  );
  return true;
}
