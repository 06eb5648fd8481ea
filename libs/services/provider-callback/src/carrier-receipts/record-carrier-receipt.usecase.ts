import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { enqueueAll } from '@mp/service-host';
import { currentTraceparent, withSpanPerItem } from '@mp/telemetry';
import { parseJsonObject } from '../ingest/callback-body';
import { recordOnce, type RecordOnceDeps } from '../ingest/record-once';
import { toCarrierReceipts, type CarrierReceipt } from './carrier-receipt.rules';
import { carrierEventInsert, carrierEventsInsert } from './carrier-events.repository';

/**
 * `CarrierReceiptReceived` on `carrier.receipts`, keyed by message id
 * (messaging applies a message's receipts in order), or by carrier id when
 * the receipt names no message: one carrier message's statuses stay in order.
 */
const receiptEvent = (carrier: string, receipt: CarrierReceipt) => ({
  // Its message's trace when the receipt names one (a batch spans many), else the callback's.
  traceparent: receipt.traceparent,
  topic: TOPICS.carrierReceipts,
  key: receipt.messageId || `${carrier}:${receipt.carrierMessageId}`,
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

/**
 * A verified receipts callback (one receipt or a batch): each receipt stored
 * once per (carrier, eventId) and, only the first time, announced on
 * `carrier.receipts` in the same transaction, so messaging sees each receipt
 * exactly once and never loses one. `accepted` is true when any receipt was
 * new; `eventId` is the first receipt's.
 */
export async function recordCarrierReceipt(
  deps: RecordOnceDeps,
  carrier: string,
  rawBody: Buffer,
): Promise<{ accepted: boolean; eventId: string }> {
  const receipts = toCarrierReceipts(parseJsonObject(rawBody));
  const recorded = await recordCarrierReceipts(deps, carrier, receipts);
  return { accepted: recorded.length > 0, eventId: receipts[0].eventId };
}

/**
 * The one store-and-announce path of checked receipts, whoever brought them
 * (a signed callback, or messaging for a connection it holds): a repeat of an
 * event id, in the batch or from before, is neither stored nor announced
 * again. Answers the event ids that were new.
 */
export async function recordCarrierReceipts(deps: RecordOnceDeps, carrier: string, checked: readonly CarrierReceipt[]): Promise<string[]> {
  const receipts = [...new Map(checked.map((r) => [r.eventId, r])).values()];
  // One span per receipt in its message's trace: the trace of a send runs on through a batched callback.
  const traces = receipts.map((r) => r.traceparent ?? currentTraceparent());
  return withSpanPerItem('record carrier receipt', traces, {}, async () => {
    if (receipts.length > 1) return recordBatch(deps, carrier, receipts);
    const fresh = await recordOnce(deps, (db, recordedAt) => carrierEventInsert(db, carrier, receipts[0], recordedAt), receiptEvent(carrier, receipts[0]));
    return fresh ? [receipts[0].eventId] : [];
  });
}

/** Several receipts in one transaction: one insert, and the new ones' events in the batch's order (a message's receipts keep the carrier's order). */
function recordBatch(deps: RecordOnceDeps, carrier: string, receipts: CarrierReceipt[]): Promise<string[]> {
  return deps.db.transaction(async (trx) => {
    const inserted: Array<{ event_id: string }> = await carrierEventsInsert(trx, carrier, receipts, deps.clock.now());
    const fresh = new Set(inserted.map((row) => row.event_id));
    const events = receipts.filter((r) => fresh.has(r.eventId)).map((r) => receiptEvent(carrier, r));
    if (events.length > 0) await enqueueAll(deps.outbox, trx, events);
    return receipts.filter((r) => fresh.has(r.eventId)).map((r) => r.eventId);
  });
}
