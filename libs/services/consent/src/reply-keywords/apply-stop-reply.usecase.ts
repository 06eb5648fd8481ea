import { randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { appendEntry } from '../ledger/consent-entries.repository';
import { EVERY_CHANNEL } from '../ledger/consent-entry';
import { consentChangedEvent, eventScopeOf } from '../ledger/consent-events';
import { insertOptOutOnce, listStopRepliesOn } from '../opt-outs/opt-outs.repository';
import type { KeywordReply } from './keyword-reply';

export interface KeywordReplyDeps {
  outbox: OutboxWriter;
  clock: Clock;
}

/**
 * A STOP reply (spec 4.3 rule 3, 4.7 rule 3), inside the consumer's
 * transaction: a `stopReply` opt-out of the recipient on the number that
 * received it, for the reply's subaccount (or account-level), on every
 * channel of the recipient's address (Sms and WhatsApp for a number). One
 * ledger entry with channel_type '*' records it; RecipientOptedOut follows
 * only when this changed something, so a STOP already in force on that
 * number (or the same event again) writes nothing. Returns whether it changed.
 */
export async function applyStopReply(trx: Knex.Transaction, deps: KeywordReplyDeps, reply: KeywordReply): Promise<boolean> {
  const inForce = await listStopRepliesOn(trx, reply.accountId, reply.recipient, reply.receivingNumber);
  // Already stopped on that number (whichever subaccount the earlier STOP belonged to): nothing changes.
  const missing = reply.channels.filter((channel) => !inForce.some((o) => o.channelType === channel));
  if (missing.length === 0) return false;
  const now = deps.clock.now();
  const entryId = randomUUID();
  await appendEntry(trx, {
    entry_id: entryId,
    account_id: reply.accountId,
    subaccount_id: reply.subaccountId,
    recipient: reply.recipient,
    channel_type: EVERY_CHANNEL,
    action: 'opted_out',
    scope: 'stopReply',
    source: 'stop_reply',
    actor: reply.receivingNumber,
    reason: `replied STOP (inbound message ${reply.inboundMessageId})`,
    consent_method: null,
    consent_evidence: null,
    receiving_number: reply.receivingNumber,
    lifted_entry_ids: [],
    recorded_at: now,
  });
  for (const channel of missing) {
    await insertOptOutOnce(trx, {
      id: randomUUID(),
      account_id: reply.accountId,
      subaccount_id: reply.subaccountId,
      recipient: reply.recipient,
      channel_type: channel,
      scope: 'stopReply',
      receiving_number: reply.receivingNumber,
      source: 'stop_reply',
      reason: null,
      created_at: now,
      entry_id: entryId,
    });
  }
  await deps.outbox.enqueue(
    trx,
    consentChangedEvent('RecipientOptedOut', {
      accountId: reply.accountId,
      subaccountId: reply.subaccountId,
      recipient: reply.recipient,
      channel: reply.channel,
      scope: eventScopeOf('stopReply', reply.subaccountId),
      sourceLabel: 'STOP reply',
      receivingNumber: reply.receivingNumber,
      entryId,
      occurredAt: now,
    }),
  );
  return true;
}
