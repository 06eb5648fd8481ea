import type { Migration } from '@mp/db';

/**
 * The trace of the request that sent the message (W3C `traceparent`), written
 * at acceptance with the row itself: dispatch is a polling pass, so the
 * carrier call (and, through the carrier's receipt, the delivery) continue
 * the send's trace from here instead of the pass's.
 */
export const messageTraceparentMigration: Migration = {
  name: '20261124000012_message_traceparent',
  async up(knex) {
    await knex.schema.alterTable('messages', (t) => {
      t.text('traceparent');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('messages', (t) => {
      t.dropColumn('traceparent');
    });
  },
};
