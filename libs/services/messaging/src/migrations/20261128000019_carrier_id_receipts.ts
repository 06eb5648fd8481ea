import type { Migration } from '@mp/db';

/**
 * Receipts that name a message only by the carrier's id (WhatsApp Cloud API
 * statuses carry the wamid, Twilio's callbacks the SID; neither gives our
 * reference back): the accepted submission is found by (carrier, carrier
 * message id), and one that arrives before the dispatch is recorded waits in
 * early_carrier_receipts, as early_receipts does for receipts by reference.
 */
export const carrierIdReceiptsMigration: Migration = {
  name: '20261128000019_carrier_id_receipts',
  async up(knex) {
    await knex.raw(`create index carrier_events_accepted_id_idx on carrier_events (carrier, carrier_message_id) where type = 'submission_accepted'`);
    await knex.schema.createTable('early_carrier_receipts', (t) => {
      t.bigIncrements('id').primary();
      t.text('carrier').notNullable();
      t.text('carrier_message_id').notNullable();
      t.jsonb('payload').notNullable();
      t.timestamp('received_at', { useTz: true }).notNullable();
      t.index(['carrier', 'carrier_message_id'], 'early_carrier_receipts_id_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('early_carrier_receipts');
    await knex.raw(`drop index carrier_events_accepted_id_idx`);
  },
};
