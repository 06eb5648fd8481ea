import type { Migration } from '@mp/db';

/**
 * The charges ledger (one row per channel attempt the carrier accepted) and
 * the carrier events of each message (every submission answer and receipt).
 * Amounts are integer micro-dollars: sums stay exact, no float drift.
 */
export const createMessageChargesMigration: Migration = {
  name: '20251201000005_message_charges',
  async up(knex) {
    await knex.schema.createTable('message_charges', (t) => {
      t.uuid('id').primary();
      t.uuid('message_id').notNullable().references('id').inTable('messages').onDelete('CASCADE');
      t.integer('attempt_number').notNullable();
      // Copied from the message so billing reads never join the busy table.
      t.text('account_id').notNullable();
      t.text('subaccount_id');
      t.text('channel_type').notNullable();
      t.text('destination').notNullable();
      t.text('from_address');
      t.integer('segment_count').notNullable();
      t.bigInteger('amount_micros').notNullable();
      t.text('currency').notNullable();
      t.timestamp('charged_at', { useTz: true }).notNullable();
      // A channel attempt is charged once, however often its dispatch is recorded.
      t.unique(['message_id', 'attempt_number']);
    });
    await knex.raw(`alter table message_charges add constraint message_charges_amount_check check (amount_micros >= 0)`);
    await knex.raw(`create index message_charges_account_time_idx on message_charges (account_id, charged_at desc, id desc)`);

    await knex.schema.createTable('carrier_events', (t) => {
      // The serial id orders events recorded in the same instant.
      t.bigIncrements('id').primary();
      t.uuid('message_id').notNullable().references('id').inTable('messages').onDelete('CASCADE');
      t.integer('attempt_number').notNullable();
      t.text('channel_type').notNullable();
      t.text('type').notNullable();
      t.text('carrier');
      t.text('carrier_message_id');
      // The carrier's own words: HTTP answer or receipt status, and its error code.
      t.text('raw_status').notNullable();
      t.text('error_code');
      // The documented reason the platform reports, and the carrier's own words.
      t.text('reason');
      t.text('detail');
      t.text('provider_event_id');
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      t.timestamp('recorded_at', { useTz: true }).notNullable();
      t.index(['message_id', 'id']);
      // A receipt redelivered by the carrier is one event.
      t.unique(['message_id', 'provider_event_id']);
    });
    await knex.raw(`alter table carrier_events add constraint carrier_events_type_check check (type in
      ('submission_accepted','submission_refused','submission_unavailable','submission_invalid','receipt'))`);
  },
  async down(knex) {
    await knex.schema.dropTable('carrier_events');
    await knex.schema.dropTable('message_charges');
  },
};
