import type { Knex } from 'knex';
import type { CarrierInbound } from './carrier-inbound.rules';

/** Stores the callback unless this carrier's message id was stored before (a repeat, whatever its event id); false then. */
export async function insertCarrierInboundIfNew(db: Knex, provider: string, inbound: CarrierInbound, rawBody: Buffer, recordedAt: Date): Promise<boolean> {
  const inserted = await db('carrier_inbound_messages')
    .insert({
      provider,
      event_id: inbound.eventId,
      carrier_message_id: inbound.carrierMessageId,
      channel: inbound.channel,
      from_address: inbound.from,
      to_address: inbound.to,
      body: inbound.body,
      context_carrier_message_id: inbound.contextId ?? null,
      received_at: inbound.receivedAt,
      raw_body: rawBody.toString('utf8'),
      recorded_at: recordedAt,
    })
    .onConflict(['provider', 'carrier_message_id'])
    .ignore()
    .returning('id');
  return inserted.length > 0;
}
