import type { Migration } from '@mp/db';

/** Recipients' messages carriers posted to the inbound callback, once per (carrier, carrier message id). */
export const createCarrierInboundMessagesMigration: Migration = {
  name: '20261123000000_create_carrier_inbound_messages',
  async up(knex) {
    await knex.schema.createTable('carrier_inbound_messages', (t) => {
      t.bigIncrements('id').primary();
      t.text('provider').notNullable();
      t.text('event_id').notNullable();
      t.text('carrier_message_id').notNullable();
      t.text('channel').notNullable();
      t.text('from_address').notNullable();
      t.text('to_address').notNullable();
      t.text('body').notNullable();
      // WhatsApp: the carrier message id of the quoted message (`context.id`).
      t.text('context_carrier_message_id');
      // The carrier's time of receipt (the payload's receivedAt, in UTC).
      t.timestamp('received_at', { useTz: true }).notNullable();
      // The exact bytes that were signed, kept as received.
      t.text('raw_body').notNullable();
      // When the callback reached the platform.
      t.timestamp('recorded_at', { useTz: true }).notNullable();
      // A carrier repeating a message (with the same or a new event id) must not deliver it twice.
      t.unique(['provider', 'carrier_message_id'], { indexName: 'carrier_inbound_messages_provider_message_uq' });
    });
  },
  async down(knex) {
    await knex.schema.dropTable('carrier_inbound_messages');
  },
};
