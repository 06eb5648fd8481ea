import type { Migration } from '@mp/db';

/**
 * A reply is stored once per (carrier, carrier message id): a repeated
 * callback changes nothing. Replies stored before this have neither (NULLs
 * never collide). `after_expiry`: it came at or after the answered message's
 * expiresAt (spec 3.2, 6.2).
 */
export const inboundMessagesCarrierIdentity: Migration = {
  name: '20260301000002_inbound_messages_carrier_identity',
  async up(knex) {
    await knex.schema.alterTable('inbound_messages', (t) => {
      t.text('carrier').nullable();
      t.text('carrier_message_id').nullable();
      // WhatsApp: the carrier id of the message the reply quotes.
      t.text('context_carrier_message_id').nullable();
      t.boolean('after_expiry').notNullable().defaultTo(false);
      t.unique(['carrier', 'carrier_message_id'], { indexName: 'inbound_messages_carrier_message_uq' });
    });
  },
  async down(knex) {
    await knex.schema.alterTable('inbound_messages', (t) => {
      t.dropUnique(['carrier', 'carrier_message_id'], 'inbound_messages_carrier_message_uq');
      t.dropColumns('carrier', 'carrier_message_id', 'context_carrier_message_id', 'after_expiry');
    });
  },
};
