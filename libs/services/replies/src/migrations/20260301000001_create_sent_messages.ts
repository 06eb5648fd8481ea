import type { Migration } from '@mp/db';

/**
 * Replies' own record of the messages that reached a carrier, built from
 * messaging's MessageDispatched events (never messaging's tables): what a
 * reply can be linked to (spec 4.3). One row per message, one per dispatched
 * channel attempt.
 */
export const createSentMessages: Migration = {
  name: '20260301000001_create_sent_messages',
  async up(knex) {
    await knex.schema.createTable('sent_messages', (t) => {
      t.uuid('message_id').primary();
      t.uuid('account_id').notNullable();
      t.uuid('subaccount_id').nullable();
      t.text('destination').notNullable();
      t.text('client_reference').nullable();
      t.timestamp('expires_at', { useTz: true }).nullable();
      // The copy of the options taken at send (editing the template later changes nothing).
      t.jsonb('reply_options').notNullable();
      t.timestamp('recorded_at', { useTz: true }).notNullable();
    });
    // Replies compare addresses without case (email); numbers have none.
    await knex.raw('create index sent_messages_recipient_idx on sent_messages (account_id, lower(destination))');
    await knex.schema.createTable('message_dispatches', (t) => {
      t.uuid('message_id').notNullable().references('message_id').inTable('sent_messages');
      t.integer('attempt').notNullable();
      t.text('channel_type').notNullable();
      t.text('from_address').notNullable();
      t.text('carrier_message_id').nullable();
      t.timestamp('dispatched_at', { useTz: true }).notNullable();
      t.primary(['message_id', 'attempt']);
      t.index(['carrier_message_id'], 'message_dispatches_carrier_message_idx');
    });
    await knex.raw('create index message_dispatches_sender_idx on message_dispatches (lower(from_address), dispatched_at)');
  },
  async down(knex) {
    await knex.schema.dropTable('message_dispatches');
    await knex.schema.dropTable('sent_messages');
  },
};
