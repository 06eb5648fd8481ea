import type { providerCallbackV1 } from '@mp/contracts';
import { toCarrierInbound } from '../carrier-inbound/carrier-inbound.rules';
import { storeCarrierInbound } from '../carrier-inbound/record-carrier-inbound.usecase';
import type { RecordOnceDeps } from '../ingest/record-once';
import { checkedConnectionName } from './connection-name';
import { requireMessagingCaller } from './messaging-caller';

/**
 * RecordCarrierInbound: a recipient's message from a connection messaging
 * holds, checked by the rules of an inbound callback and stored and announced
 * by the same path, once per (carrier, carrierMessageId).
 */
export async function recordConnectionInbound(
  deps: RecordOnceDeps,
  request: providerCallbackV1.RecordCarrierInboundRequest,
): Promise<providerCallbackV1.RecordCarrierInboundResponse> {
  requireMessagingCaller();
  const carrier = checkedConnectionName(request.carrier);
  const fields = {
    eventId: request.eventId,
    carrierMessageId: request.carrierMessageId,
    channel: request.channel,
    from: request.from,
    to: request.to,
    body: request.body,
    receivedAt: request.receivedAt,
  };
  const inbound = toCarrierInbound(fields);
  // No signed bytes here: the structured message is what is kept as it came.
  const accepted = await storeCarrierInbound(deps, carrier, inbound, JSON.stringify(fields));
  return { accepted, eventId: inbound.eventId };
}
