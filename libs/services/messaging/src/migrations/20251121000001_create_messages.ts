import type { Migration } from '@mp/db';

/**
 * The message table carries the columns later slices need (scheduling,
 * expiry, priority, retries, idempotency, reply options) so those slices add
 * behaviour, not a migration of a busy table.
 */
export const createMessagesMigration: Migration = {
  name: '20251121000001_create_messages',
  async up(knex) {
    await knex.schema.createTable('messages', (t) => {
      t.uuid('id').primary();
      // Ids owned by identity: opaque text here, never joined.
      t.text('account_id').notNullable();
      t.text('subaccount_id');
      t.text('channel_type').notNullable();
      t.text('destination').notNullable();
      t.text('body');
      t.uuid('template_id');
      t.jsonb('template_parameters');
      t.text('message_type').notNullable();
      t.text('priority').notNullable();
      t.text('actor');
      t.text('client_reference');
      t.text('external_id');
      t.text('idempotency_key');
      t.text('status').notNullable();
      t.text('reply_status').notNullable().defaultTo('None');
      t.text('reply_option_key');
      t.text('reply_option_value');
      t.timestamp('answered_at', { useTz: true });
      t.integer('segment_count').notNullable();
      t.text('encoding').notNullable();
      t.integer('character_count').notNullable();
      t.decimal('estimated_cost', 14, 6).notNullable();
      t.timestamp('send_at', { useTz: true });
      t.timestamp('expires_at', { useTz: true });
      // Dispatch bookkeeping: when the next try is due, how many carrier tries
      // failed transiently, how often it waited for something that is not a
      // failure (no sender yet), and which channel attempt the carrier
      // reference names (stays 1 until fallback routing exists).
      t.timestamp('next_attempt_at', { useTz: true }).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.integer('deferrals').notNullable().defaultTo(0);
      t.integer('channel_attempt').notNullable().defaultTo(1);
      // Lease of the dispatcher pass working on the message; a crash leaves it
      // to expire, and the token makes a stale pass's writes miss.
      t.timestamp('claimed_until', { useTz: true });
      t.uuid('claim_token');
      t.text('last_error');
      t.text('failure_reason');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await knex.raw(`alter table messages add constraint messages_status_check check (status in
      ('scheduled','queued','dispatched','delivered','undelivered','failed','canceled','expired'))`);
    await knex.raw(`alter table messages add constraint messages_priority_check check (priority in ('Normal','Urgent'))`);
    await knex.raw(`alter table messages add constraint messages_channel_check check (channel_type in ('Sms','WhatsApp','Email'))`);
    // Partial indexes: the due scans only ever look at waiting messages.
    await knex.raw(`create index messages_dispatch_due_idx on messages (next_attempt_at) where status = 'queued'`);
    await knex.raw(`create index messages_scheduled_due_idx on messages (send_at) where status = 'scheduled'`);
    await knex.raw(`create index messages_account_created_idx on messages (account_id, created_at desc)`);

    await knex.schema.createTable('message_channel_attempts', (t) => {
      t.bigIncrements('id').primary();
      t.uuid('message_id').notNullable().references('id').inTable('messages').onDelete('CASCADE');
      // 1-based; the `<messageId>:<attempt>` carrier reference and receipts name it.
      t.integer('attempt_number').notNullable();
      t.text('channel_type').notNullable();
      t.text('from_address');
      t.text('number_id');
      t.text('carrier_message_id');
      t.text('status').notNullable();
      t.decimal('cost', 14, 6);
      t.text('failure_reason');
      t.timestamp('attempted_at', { useTz: true }).notNullable();
      t.timestamp('completed_at', { useTz: true });
      t.unique(['message_id', 'attempt_number']);
    });

    await knex.schema.createTable('message_audit', (t) => {
      // The serial id orders entries written in the same instant.
      t.bigIncrements('id').primary();
      t.uuid('message_id').notNullable().references('id').inTable('messages').onDelete('CASCADE');
      t.timestamp('at', { useTz: true }).notNullable();
      t.text('event').notNullable();
      t.text('from_status');
      t.text('to_status');
      t.text('detail');
      t.index(['message_id', 'id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('message_audit');
    await knex.schema.dropTable('message_channel_attempts');
    await knex.schema.dropTable('messages');
  },
};
