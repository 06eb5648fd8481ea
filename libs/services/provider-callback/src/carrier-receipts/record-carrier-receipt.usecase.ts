import type { Clock } from '@mp/clock';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { OutboxWriter } from '@mp/service-host';
import type { Knex } from 'knex';
import { parseJsonObject } from '../ingest/callback-body';
import { toCarrierReceipt } from './carrier-receipt.rules';
import { insertCarrierEventIfNew } from './carrier-events.repository';

export interface RecordCarrierReceiptDeps {
  db: Knex;
  outbox: OutboxWriter;
  clock: Clock;
}

/**
 * A verified carrier receipt: stored once per (carrier, eventId) and, only the
 * first time, announced on `carrier.receipts` keyed by message id, in the same
 * transaction, so messaging sees each receipt exactly once and never loses one.
 */
export async function recordCarrierReceipt(
  deps: RecordCarrierReceiptDeps,
  carrier: string,
  rawBody: Buffer,
): Promise<{ accepted: boolean; eventId: string }> {
  const receipt = toCarrierReceipt(parseJsonObject(rawBody));
  const accepted = await deps.db.transaction(async (trx) => {
    if (!(await insertCarrierEventIfNew(trx, carrier, receipt, deps.clock.now()))) return false;
    await deps.outbox.enqueue(trx, {
      topic: TOPICS.carrierReceipts,
      key: receipt.messageId,
      type: 'CarrierReceiptReceived',
      payload: providerCallbackEvents.CarrierReceiptReceived.toJSON({
        providerEventId: receipt.eventId,
        carrier,
        carrierMessageId: receipt.carrierMessageId,
        messageId: receipt.messageId,
        attempt: receipt.attempt,
        status: receipt.status,
        errorCode: receipt.errorCode,
        occurredAt: receipt.occurredAt,
      }),
    });
    return true;
  });
  return { accepted, eventId: receipt.eventId };
}
