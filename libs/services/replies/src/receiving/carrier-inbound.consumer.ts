import { TOPICS } from '@mp/contracts';
import type { EventConsumer } from '@mp/service-host';
import { identifyReceivingNumber, type IdentifyReceivingNumberDeps, type PreparedInbound } from './identify-receiving-number.usecase';
import { storeReply, type StoreReplyDeps } from './store-reply.usecase';

export const CARRIER_INBOUND_CONSUMER_GROUP = 'replies.carrier-inbound';

/**
 * carrier.inbound -> a stored reply and its MessageReceived. Routing is asked
 * in prepare (outside the transaction); apply links and stores with local
 * reads and writes only.
 */
export function carrierInboundConsumer(deps: IdentifyReceivingNumberDeps & StoreReplyDeps): EventConsumer<PreparedInbound> {
  return {
    group: CARRIER_INBOUND_CONSUMER_GROUP,
    topics: [TOPICS.carrierInbound],
    async prepare(event) {
      if (event.type !== 'CarrierInboundReceived') return { kind: 'skip' };
      return identifyReceivingNumber(deps, event.payload, event.occurredAt);
    },
    async apply(trx, prepared) {
      if (prepared.kind === 'store') await storeReply(trx, deps, prepared);
    },
  };
}
