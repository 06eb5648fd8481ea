import { TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import { applyReceipt, type ApplyReceiptDeps } from './apply-receipt.usecase';
import { applyReceipts } from './apply-receipts.usecase';

export const RECEIPT_CONSUMER_GROUP = 'messaging.carrier-receipts';

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
    },
    async applyAll(trx, items) {
      await applyReceipts(trx, deps, items.map(({ event }) => event).filter((event) => event.type === 'CarrierReceiptReceived'));
    },
  };
}
