import { providerCallbackEvents } from '@mp/contracts';
import { enqueueAll } from '@mp/service-host';
import type { EventEnvelope } from '@mp/events';
import type { Knex } from 'knex';
import { recordCarrierEvents } from '../carrier-events/carrier-events.repository';
import { isUuid } from '../messages/ids';
import type { MessageRow } from '../messages/message.types';
import { lifecycleEvent } from '../messages/lifecycle-event';
import { completeChannelAttempts, insertAudits, markDelivered } from '../messages/message.repository';
import { applyReceipt, auditDetail, occurredAt, receiptEvent, type ApplyReceiptDeps, type Receipt } from './apply-receipt.usecase';
import { lockCarrierMessages } from './carrier-id-receipts.repository';

/**
 * A batch of carrier receipts in the consumer's transaction. The common case, one `delivered`
 * receipt for a dispatched message's current attempt, is written for the whole batch with one
 * statement per table; every other receipt (undelivered, a repeat, a message with more than one
 * receipt in the batch, one that finds the message elsewhere) goes through applyReceipt as alone,
 * in order, after the batch: the outcome for each is the same as one by one.
 */
export async function applyReceipts(trx: Knex.Transaction, deps: ApplyReceiptDeps, events: EventEnvelope[]): Promise<void> {
  const receipts = events.map((event) => ({ event, receipt: providerCallbackEvents.CarrierReceiptReceived.fromJSON(event.payload) }));
  // Every carrier id of the batch locked up front, in the one order dispatch uses too: no deadlock between them.
  await lockCarrierMessages(
    trx,
    receipts.flatMap(({ receipt }) => (!isUuid(receipt.messageId) && receipt.carrier && receipt.carrierMessageId ? [{ carrier: receipt.carrier, carrierMessageId: receipt.carrierMessageId }] : [])),
  );
  const perMessage = new Map<string, number>();
  for (const { receipt } of receipts) perMessage.set(receipt.messageId, (perMessage.get(receipt.messageId) ?? 0) + 1);
  const batchable = receipts.filter(({ receipt }) => receipt.status === 'delivered' && isUuid(receipt.messageId) && perMessage.get(receipt.messageId) === 1);
  const now = deps.clock.now();
  const rows = await markDelivered(
    trx,
    batchable.map(({ receipt }) => ({ id: receipt.messageId, channelAttempt: receipt.attempt })),
    now,
  );
  const delivered: Array<{ receipt: Receipt; row: MessageRow }> = batchable.flatMap(({ receipt }) => {
    const row = rows.get(receipt.messageId);
    return row ? [{ receipt, row }] : [];
  });
  if (delivered.length > 0) {
    await insertAudits(
      trx,
      delivered.map(({ receipt, row }) => ({ message_id: row.id, at: now, event: 'delivered', from_status: 'dispatched', to_status: 'delivered', detail: auditDetail(receipt) })),
    );
    await enqueueAll(
      deps.outbox,
      trx,
      delivered.map(({ row }) => lifecycleEvent('MessageDelivered', row, 'dispatched', 'delivered', { now })),
    );
    await recordCarrierEvents(trx, delivered.map(({ receipt, row }) => receiptEvent(row, receipt, 'delivered', now)));
    await completeChannelAttempts(
      trx,
      delivered.map(({ receipt, row }) => ({ messageId: row.id, attemptNumber: receipt.attempt, status: 'delivered', completedAt: occurredAt(receipt, now) })),
    );
  }
  const applied = new Set(delivered.map(({ receipt }) => receipt.messageId));
  for (const { event, receipt } of receipts) {
    if (!(applied.has(receipt.messageId) && receipt.status === 'delivered' && perMessage.get(receipt.messageId) === 1)) await applyReceipt(trx, deps, event.payload);
  }
}
