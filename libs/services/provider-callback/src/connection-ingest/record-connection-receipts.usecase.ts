import type { providerCallbackV1 } from '@mp/contracts';
import { toCarrierReceipts } from '../carrier-receipts/carrier-receipt.rules';
import { recordCarrierReceipts } from '../carrier-receipts/record-carrier-receipt.usecase';
import type { RecordOnceDeps } from '../ingest/record-once';
import { checkedConnectionName } from './connection-name';
import { requireMessagingCaller } from './messaging-caller';

/**
 * RecordCarrierReceipts: receipts of a connection messaging holds, checked by
 * the rules of a receipts callback (a batch whole or not at all) and stored
 * and announced by the same path, once per (carrier, eventId).
 */
export async function recordConnectionReceipts(
  deps: RecordOnceDeps,
  request: providerCallbackV1.RecordCarrierReceiptsRequest,
): Promise<providerCallbackV1.RecordCarrierReceiptsResponse> {
  requireMessagingCaller();
  const carrier = checkedConnectionName(request.carrier);
  const receipts = toCarrierReceipts({
    receipts: request.receipts.map((r) => ({
      eventId: r.eventId,
      carrierMessageId: r.carrierMessageId,
      reference: r.reference,
      status: r.status,
      errorCode: r.errorCode,
      occurredAt: r.occurredAt,
      // The message's trace: its receipt is recorded and announced in it, as an HTTP receipt carrying one is.
      traceparent: r.traceparent,
    })),
  });
  return { recordedEventIds: await recordCarrierReceipts(deps, carrier, receipts) };
}
