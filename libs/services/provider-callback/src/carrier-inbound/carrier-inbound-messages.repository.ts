import type { Knex } from 'knex';
import type { CarrierInbound } from './carrier-inbound.rules';

/** Stores the callback unless this carrier's message id was stored before (a repeat, whatever its event id); false then. */
/** The insert of a callback's row, skipping one already stored: returns its id only when new. */
export function carrierInboundInsert(db: Knex, provider: string, inbound: CarrierInbound, rawBody: string, recordedAt: Date): Knex.QueryBuilder {
  return db('carrier_inbound_messages')
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
      raw_body: rawBody,
      recorded_at: recordedAt,
    })
    .onConflict(['provider', 'carrier_message_id'])
    .ignore()
    .returning('id');
}
