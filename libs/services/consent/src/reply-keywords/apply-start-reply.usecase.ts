import type { Knex } from 'knex';
import { appendEntry } from '../ledger/consent-entries.repository';
import { consentChangedEvent, eventScopeOf } from '../ledger/consent-events';
import { deleteOptOuts, listOptOutsForRecipient, listStopRepliesOn } from '../opt-outs/opt-outs.repository';
import { isSendBlocked } from '../send-permission/send-block-rule';
import type { KeywordReplyDeps } from './apply-stop-reply.usecase';
import { keywordEntry, type KeywordReply } from './keyword-reply';
import type { ReplyOrder } from './reply-order.rules';

/**
 * A START reply (spec 4.3 rule 3), inside the consumer's transaction, once
 * the consumer found it no older than the last STOP or START on that number:
 * lifts every STOP of the recipient on the number that received it (any
 * channel, any subaccount: START answers the STOP of that number). A
 * `resubscribed` entry (source start_reply, naming the lifted entries) comes
 * first, then the rows leave the projection, then RecipientOptedIn with
 * stillSuppressed when another opt-out still blocks the recipient on the
 * reply's channel from that number, once per subaccount whose STOP it
 * lifted (with that subaccount and scope, as the opt-out was announced).
 * With no STOP in force there it lifts and publishes nothing.
 */
export async function applyStartReply(trx: Knex.Transaction, deps: KeywordReplyDeps, reply: KeywordReply, order: ReplyOrder): Promise<boolean> {
  const stops = await listStopRepliesOn(trx, reply.accountId, reply.recipient, reply.receivingNumber);
  if (stops.length === 0) {
    // A newer START is still entered (lifting nothing): a STOP sent before it but processed after is then stale.
    if (order === 'newer') await appendEntry(trx, keywordEntry(reply, deps.clock.now()));
    return false;
  }
  const now = deps.clock.now();
  const entry = keywordEntry(reply, now, [...new Set(stops.map((o) => o.entryId))]);
  await appendEntry(trx, entry);
  await deleteOptOuts(
    trx,
    stops.map((o) => o.id),
  );
  const remaining = await listOptOutsForRecipient(trx, reply.accountId, reply.recipient, reply.channel);
  // The event belongs where the lifted STOPs were: a START (often unlinked, so of no subaccount) lifting a
  // subaccount's STOP tells that subaccount's endpoints, as the opt-out did; one event per subaccount lifted.
  for (const subaccountId of [...new Set(stops.map((o) => o.subaccountId ?? null))]) {
    const stillSuppressed = isSendBlocked(remaining, {
      accountId: reply.accountId,
      subaccountId: subaccountId ?? undefined,
      channelType: reply.channel,
      recipient: reply.recipient,
      fromAddress: reply.receivingNumber,
    });
    await deps.outbox.enqueue(
      trx,
      consentChangedEvent('RecipientOptedIn', {
        accountId: reply.accountId,
        subaccountId,
        recipient: reply.recipient,
        channel: reply.channel,
        scope: eventScopeOf('stopReply', subaccountId),
        sourceLabel: 'START reply',
        receivingNumber: reply.receivingNumber,
        stillSuppressed,
        entryId: entry.entry_id,
        occurredAt: now,
      }),
    );
  }
  return true;
}
