import type { Migration } from '@mp/db';

/** Behaviours per (account, destination), accepted submissions, pending receipts and the mailbox. */
export const createSimulatorTablesMigration: Migration = {
  name: '20251120000000_create_simulator_tables',
  formerName: '001-create-simulator-tables',
  async up(knex) {
    await knex.schema.createTable('carrier_behaviors', (t) => {
      t.text('account_id').notNullable();
      t.text('destination').notNullable();
      t.text('outcome').notNullable();
      t.integer('after_seconds').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.primary(['account_id', 'destination']);
    });
    await knex.schema.createTable('carrier_submissions', (t) => {
      t.text('carrier_message_id').primary();
      // Submissions are idempotent on the platform's `<messageId>:<attempt>`.
      t.text('reference').notNullable().unique();
      t.text('account_id').notNullable();
      t.text('channel').notNullable();
      t.text('from_address').notNullable();
      t.text('to_address').notNullable();
      t.text('body').notNullable();
      t.text('outcome').notNullable();
      t.timestamp('submitted_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('carrier_receipts', (t) => {
      t.text('event_id').primary();
      t.text('carrier_message_id').notNullable().references('carrier_message_id').inTable('carrier_submissions');
      t.text('reference').notNullable();
      t.text('status').notNullable();
      t.text('error_code');
      // When the outcome happened (the payload's occurredAt); stays fixed across retries.
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      // When the next post is due: the outcome time, then backoff, or a claim's lease.
      t.timestamp('next_attempt_at', { useTz: true }).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error');
      t.timestamp('sent_at', { useTz: true });
    });
    await knex.raw('create index carrier_receipts_due_idx on carrier_receipts (next_attempt_at) where sent_at is null');
    await knex.schema.createTable('mailbox_messages', (t) => {
      t.bigIncrements('id').primary();
      t.text('to_address').notNullable();
      t.text('from_address').notNullable().defaultTo('');
      t.text('subject').notNullable();
      t.text('text').notNullable();
      t.timestamp('sent_at', { useTz: true }).notNullable();
      t.index(['to_address', 'sent_at'], 'mailbox_messages_to_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('mailbox_messages');
    await knex.schema.dropTable('carrier_receipts');
    await knex.schema.dropTable('carrier_submissions');
    await knex.schema.dropTable('carrier_behaviors');
  },
};
