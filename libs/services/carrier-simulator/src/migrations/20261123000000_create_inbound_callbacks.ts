import type { Migration } from '@mp/db';

/** Recipients' messages the simulated carrier posts to the platform's inbound callback (sandbox inbound). */
export const createInboundCallbacksMigration: Migration = {
  name: '20261123000000_create_inbound_callbacks',
  async up(knex) {
    await knex.schema.createTable('inbound_callbacks', (t) => {
      t.text('event_id').primary();
      // The carrier's id of the inbound message: one callback per message.
      t.text('carrier_message_id').notNullable().unique({ indexName: 'inbound_callbacks_carrier_message_uq' });
      t.text('channel').notNullable();
      t.text('from_address').notNullable();
      t.text('to_address').notNullable();
      t.text('body').notNullable();
      // WhatsApp: the carrier message id of the quoted message (the payload's `context.id`).
      t.text('context_id');
      // When the carrier received it (the payload's receivedAt); stays fixed across retries.
      t.timestamp('received_at', { useTz: true }).notNullable();
      // Posting state, as in carrier_receipts: due time (or a claim's lease), tries, last failure, success.
      t.timestamp('next_attempt_at', { useTz: true }).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error');
      t.timestamp('sent_at', { useTz: true });
    });
    await knex.raw('create index inbound_callbacks_due_idx on inbound_callbacks (next_attempt_at) where sent_at is null');
  },
  async down(knex) {
    await knex.schema.dropTable('inbound_callbacks');
  },
};
