import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { EventEnvelope } from '@mp/events';
import type { EventConsumer } from '@mp/service-host';
import { counter, SpanKind, withSpanPerItem } from '@mp/telemetry';
import { applyReceipt, type ApplyReceiptDeps } from './apply-receipt.usecase';
import { applyReceipts } from './apply-receipts.usecase';

export const RECEIPT_CONSUMER_GROUP = 'messaging.carrier-receipts';

/** Carriers' delivery receipts applied, by channel-independent status (delivered, undelivered, ...). */
const receiptsApplied = counter('carrier_receipts_total', 'Carrier delivery receipts the receipt consumer applied, by status', ['status']);

const countApplied = (events: EventEnvelope[]) => {
  for (const event of events) receiptsApplied.inc({ status: providerCallbackEvents.CarrierReceiptReceived.fromJSON(event.payload).status || 'unknown' });
};

/** carrier.receipts -> delivered / undelivered. The host records each event id once. */
export function receiptConsumer(deps: ApplyReceiptDeps): EventConsumer {
  return {
    group: RECEIPT_CONSUMER_GROUP,
    topics: [TOPICS.carrierReceipts],
    eventTypes: ['CarrierReceiptReceived'],
    async apply(trx, event) {
      if (event.type !== 'CarrierReceiptReceived') {
        deps.logger.debug('event ignored', { type: event.type });
        return;
      }
      await applyReceipt(trx, deps, event.payload);
      countApplied([event]);
    },
    async applyAll(trx, items) {
      const receipts = items.map(({ event }) => event).filter((event) => event.type === 'CarrierReceiptReceived');
      // One span per receipt in its own trace (the send's, carried through the carrier's callback), around the one batch write.
      await withSpanPerItem(
        'consume CarrierReceiptReceived',
        receipts.map((event) => event.traceparent),
        { kind: SpanKind.CONSUMER, attributes: { 'messaging.consumer.group.name': RECEIPT_CONSUMER_GROUP } },
        () => applyReceipts(trx, deps, receipts),
      );
      countApplied(receipts);
    },
  };
}
