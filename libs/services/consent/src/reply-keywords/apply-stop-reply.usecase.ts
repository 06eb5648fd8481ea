import { randomUUID } from 'node:crypto';
import type { Clock } from '@mp/clock';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { appendEntry } from '../ledger/consent-entries.repository';
import { consentChangedEvent, eventScopeOf } from '../ledger/consent-events';
import type { OptOutInForce } from '../opt-outs/opt-out';
import { insertOptOutOnce, listStopRepliesOn, renameOptOutsEntry } from '../opt-outs/opt-outs.repository';
import { keywordEntry, type KeywordReply } from './keyword-reply';
import type { ReplyOrder } from './reply-order.rules';

export interface KeywordReplyDeps {
  outbox: OutboxWriter;
  clock: Clock;
}

/**
 * A STOP reply (spec 4.3 rule 3, 4.7 rule 3), inside the consumer's
 * transaction, once the consumer found it no older than the last STOP or
 * START on that number: a `stopReply` opt-out of the recipient on the number
 * that received it, for the reply's subaccount (or account-level), on every
 * channel of the recipient's address (Sms and WhatsApp for a number). One
 * ledger entry with channel_type '*' records it; RecipientOptedOut follows
 * only when this changed something, so a STOP already in force on that
 * number (or the same event again) publishes nothing. Returns whether it changed.
 * A STOP the carrier reported (`carrierRefusal`) goes the same way, on the
 * channels it names, with its reason on the entry and the opt-out.
 */
export async function applyStopReply(trx: Knex.Transaction, deps: KeywordReplyDeps, reply: KeywordReply, order: ReplyOrder): Promise<boolean> {
  // On the channels this STOP covers (a reply: all of the address's, so all on that number; a carrier's refusal: its own).
  const inForce = (await listStopRepliesOn(trx, reply.accountId, reply.recipient, reply.receivingNumber)).filter((o) =>
    (reply.channels as string[]).includes(o.channelType),
  );
  // Already stopped on that number (whichever subaccount the earlier STOP belonged to): no opt-out changes.
  const missing = reply.channels.filter((channel) => !inForce.some((o) => o.channelType === channel));
  if (missing.length === 0) {
    if (order === 'newer') await takeOver(trx, deps, reply, inForce);
    return false;
  }
  const now = deps.clock.now();
  const entry = keywordEntry(reply, now);
  await appendEntry(trx, entry);
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
      reason: reply.carrierRefusal?.reason ?? null,
      created_at: now,
      entry_id: entry.entry_id,
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
      sourceLabel: reply.carrierRefusal ? 'STOP at the carrier' : 'STOP reply',
      receivingNumber: reply.receivingNumber,
      entryId: entry.entry_id,
      occurredAt: now,
    }),
  );
  return true;
}

/**
 * A newer STOP where one is in force takes it over, so that the STOP in force
 * carries the recipient's latest time: a START sent between the two but
 * processed after must not lift it. Its entry lifts the older STOP's and the
 * rows name it (the ledger alone still tells what is in force); the opt-out,
 * its subaccount and created_at stay as they were, and no event goes out.
 */
async function takeOver(trx: Knex.Transaction, deps: KeywordReplyDeps, reply: KeywordReply, inForce: OptOutInForce[]): Promise<void> {
  const entry = { ...keywordEntry(reply, deps.clock.now(), [...new Set(inForce.map((o) => o.entryId))]), subaccount_id: inForce[0].subaccountId };
  await appendEntry(trx, entry);
  await renameOptOutsEntry(
    trx,
    inForce.map((o) => o.id),
    entry.entry_id,
  );
}
