import type { Migration } from '@mp/db';

/**
 * Receipts that overtake the record of their dispatch (the carrier answered
 * a pass that records its acceptances a moment later): kept here, and
 * applied in the transaction that records the dispatch, instead of failing
 * the receipt consumer's batch until the record lands.
 */
export const earlyReceiptsMigration: Migration = {
  name: '20261124000011_early_receipts',
  async up(knex) {
    await knex.schema.createTable('early_receipts', (t) => {
      t.bigIncrements('id').primary();
      t.uuid('message_id').notNullable().references('id').inTable('messages').onDelete('CASCADE');
      t.integer('attempt_number').notNullable();
      t.jsonb('payload').notNullable();
      t.timestamp('received_at', { useTz: true }).notNullable();
      t.index(['message_id', 'attempt_number']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('early_receipts');
  },
};
