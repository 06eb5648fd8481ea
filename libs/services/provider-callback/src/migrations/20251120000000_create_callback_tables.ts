import type { Migration } from '@mp/db';

/** Carrier receipts (deduplicated per provider and event id) and the other providers' raw events. */
export const createCallbackTablesMigration: Migration = {
  name: '20251120000000_create_callback_tables',
  formerName: '001-create-callback-tables',
  async up(knex) {
    await knex.schema.createTable('carrier_events', (t) => {
      t.bigIncrements('id').primary();
      t.text('provider').notNullable();
      t.text('event_id').notNullable();
      t.text('kind').notNullable();
      t.text('carrier_message_id').notNullable();
      t.text('message_id').notNullable();
      t.integer('attempt').notNullable();
      t.text('status').notNullable();
      t.text('error_code');
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      t.jsonb('payload').notNullable();
      t.timestamp('received_at', { useTz: true }).notNullable();
      // A carrier repeating a callback must not move a message twice.
      t.unique(['provider', 'event_id'], { indexName: 'carrier_events_provider_event_uq' });
      t.index(['message_id'], 'carrier_events_message_idx');
    });
    await knex.schema.createTable('provider_events', (t) => {
      t.bigIncrements('id').primary();
      t.text('provider').notNullable();
      t.text('kind').notNullable();
      t.text('event_id').notNullable();
      t.text('event_type');
      t.jsonb('payload').notNullable();
      // The exact bytes that were signed, for audits and for processing added later.
      t.text('raw_body').notNullable();
      t.timestamp('received_at', { useTz: true }).notNullable();
      t.unique(['provider', 'kind', 'event_id'], { indexName: 'provider_events_provider_event_uq' });
    });
  },
  async down(knex) {
    await knex.schema.dropTable('provider_events');
    await knex.schema.dropTable('carrier_events');
  },
};
