import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { parseJsonObject } from '../ingest/callback-body';
import { recordOnce, type RecordOnceDeps } from '../ingest/record-once';
import { toCarrierReceipt } from './carrier-receipt.rules';
import { carrierEventInsert } from './carrier-events.repository';

/**
 * A verified carrier receipt: stored once per (carrier, eventId) and, only the
 * first time, announced on `carrier.receipts` keyed by message id, in the same
 * transaction, so messaging sees each receipt exactly once and never loses one.
 */
export async function recordCarrierReceipt(
  deps: RecordOnceDeps,
  carrier: string,
  rawBody: Buffer,
): Promise<{ accepted: boolean; eventId: string }> {
  const receipt = toCarrierReceipt(parseJsonObject(rawBody));
  const accepted = await recordOnce(deps, (trx, recordedAt) => carrierEventInsert(trx, carrier, receipt, recordedAt), {
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
  return { accepted, eventId: receipt.eventId };
}
