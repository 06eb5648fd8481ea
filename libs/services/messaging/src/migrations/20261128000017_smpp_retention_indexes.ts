import type { Migration } from '@mp/db';

/**
 * The retention purge (purge-handled.ts) finds the oldest rows of each SMPP
 * table by time: without these it read every row of the ledger, the handled
 * deliveries and the outcomes (a week of traffic) at every purge.
 */
export const smppRetentionIndexesMigration: Migration = {
  name: '20261128000017_smpp_retention_indexes',
  async up(knex) {
    await knex.schema.alterTable('smpp_parts', (t) => t.index(['recorded_at'], 'smpp_parts_recorded_idx'));
    await knex.schema.alterTable('smpp_deliveries', (t) => t.index(['received_at'], 'smpp_deliveries_received_idx'));
    await knex.schema.alterTable('smpp_outcomes', (t) => t.index(['occurred_at'], 'smpp_outcomes_occurred_idx'));
  },
  async down(knex) {
    await knex.schema.alterTable('smpp_outcomes', (t) => t.dropIndex(['occurred_at'], 'smpp_outcomes_occurred_idx'));
    await knex.schema.alterTable('smpp_deliveries', (t) => t.dropIndex(['received_at'], 'smpp_deliveries_received_idx'));
    await knex.schema.alterTable('smpp_parts', (t) => t.dropIndex(['recorded_at'], 'smpp_parts_recorded_idx'));
  },
};
