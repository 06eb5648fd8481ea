import type { Migration } from '@mp/db';

/**
 * The trace of the submission a receipt answers (W3C `traceparent`, from the
 * submission's request): the receipt's callback carries it, so a message's
 * trace runs on from its send to its delivery.
 */
export const receiptTraceparentMigration: Migration = {
  name: '20261124000000_receipt_traceparent',
  async up(knex) {
    await knex.schema.alterTable('carrier_receipts', (t) => {
      t.text('traceparent');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('carrier_receipts', (t) => {
      t.dropColumn('traceparent');
    });
  },
};
