import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { parseJsonObject } from '../ingest/callback-body';
import { recordOnce, type RecordOnceDeps } from '../ingest/record-once';
import { carrierInboundInsert } from './carrier-inbound-messages.repository';
import { toCarrierInbound } from './carrier-inbound.rules';

/**
 * A verified carrier inbound message: stored once per (carrier, carrier
 * message id) and, only the first time, announced on `carrier.inbound` keyed
 * by the sender (one person's replies stay in order), in the same
 * transaction, so replies sees each message exactly once and never loses one.
 */
export async function recordCarrierInbound(deps: RecordOnceDeps, carrier: string, rawBody: Buffer): Promise<{ accepted: boolean; eventId: string }> {
  const inbound = toCarrierInbound(parseJsonObject(rawBody));
  const accepted = await recordOnce(deps, (trx, recordedAt) => carrierInboundInsert(trx, carrier, inbound, rawBody, recordedAt), {
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
    }),
  });
  return { accepted, eventId: inbound.eventId };
}
