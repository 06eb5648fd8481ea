import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { parseJsonObject } from '../ingest/callback-body';
import { recordOnce, type RecordOnceDeps } from '../ingest/record-once';
import { carrierInboundInsert } from './carrier-inbound-messages.repository';
import { toCarrierInbound, type CarrierInbound } from './carrier-inbound.rules';

/**
 * A verified carrier inbound message: stored once per (carrier, carrier
 * message id) and, only the first time, announced on `carrier.inbound` keyed
 * by the sender (one person's replies stay in order), in the same
 * transaction, so replies sees each message exactly once and never loses one.
 */
export async function recordCarrierInbound(deps: RecordOnceDeps, carrier: string, rawBody: Buffer): Promise<{ accepted: boolean; eventId: string }> {
  const inbound = toCarrierInbound(parseJsonObject(rawBody));
  const accepted = await storeCarrierInbound(deps, carrier, inbound, rawBody.toString('utf8'));
  return { accepted, eventId: inbound.eventId };
}

/** What a provider says beside the checked message that the generic inbound callback has no field for. */
export interface CarrierInboundExtras {
  /** The id or payload of the WhatsApp reply button or list row tapped (the body is its title); replies matches it first. */
  replyPayload?: string;
}

/**
 * The one store-once-and-announce path of a checked inbound message, whoever
 * brought it (a signed callback, or messaging for a connection it holds);
 * `raw` is kept as it came. False for a repeat.
 */
export function storeCarrierInbound(
  deps: RecordOnceDeps,
  carrier: string,
  inbound: CarrierInbound,
  raw: string,
  extras: CarrierInboundExtras = {},
): Promise<boolean> {
  return recordOnce(deps, (trx, recordedAt) => carrierInboundInsert(trx, carrier, inbound, raw, recordedAt), {
    topic: TOPICS.carrierInbound,
    key: inbound.from,
    type: 'CarrierInboundReceived',
    payload: providerCallbackEvents.CarrierInboundReceived.toJSON({
      providerEventId: inbound.eventId,
      carrier,
      carrierMessageId: inbound.carrierMessageId,
      channelType: inbound.channel,
      from: inbound.from,
      to: inbound.to,
      body: inbound.body,
      receivedAt: inbound.receivedAt,
      contextCarrierMessageId: inbound.contextId,
      // An empty payload (Meta sends none for some buttons) is no payload: the title is matched alone.
      replyPayload: extras.replyPayload || undefined,
    }),
  });
}
