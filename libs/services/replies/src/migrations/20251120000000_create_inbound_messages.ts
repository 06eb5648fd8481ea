import type { Migration } from '@mp/db';

/** Replies received from recipients (spec 2.3), listed newest first by (received_at, id). */
export const createInboundMessages: Migration = {
  name: '20251120000000_create_inbound_messages',
  formerName: '001_create_inbound_messages',
  async up(knex) {
    await knex.schema.createTable('inbound_messages', (t) => {
      t.uuid('inbound_message_id').primary();
      t.uuid('account_id').notNullable();
      t.uuid('subaccount_id').nullable();
      t.text('channel_type').notNullable();
      t.text('from_address').notNullable();
      t.text('to_address').notNullable();
      t.text('body').notNullable();
      t.timestamp('received_at', { useTz: true }).notNullable();
      t.text('keyword').nullable();
      t.uuid('in_reply_to_message_id').nullable();
      t.text('in_reply_to_client_reference').nullable();
      t.text('reply_option_key').nullable();
      t.text('reply_option_value').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['account_id', 'received_at', 'inbound_message_id'], 'inbound_messages_account_received_idx');
      t.index(['account_id', 'subaccount_id', 'received_at', 'inbound_message_id'], 'inbound_messages_subaccount_received_idx');
      t.index(['in_reply_to_message_id'], 'inbound_messages_in_reply_to_idx');
    });
    await knex.raw(
      `alter table inbound_messages add constraint inbound_messages_keyword_check check (keyword in ('Stop', 'Start', 'Help'))`,
    );
  },
  async down(knex) {
    await knex.schema.dropTable('inbound_messages');
  },
};
