import type { Migration } from '@mp/db';

/**
 * Fallback across channels (spec 2.5, 3.1): the route a subaccount message
 * was accepted with (its routing policy, taken at acceptance), what is left
 * of it, and when the current channel attempt falls back for want of a
 * final receipt. The index is what the receipt-timeout job scans.
 */
export const messageRoutesMigration: Migration = {
  name: '20261120000010_message_routes',
  async up(knex) {
    await knex.schema.alterTable('messages', (t) => {
      // Comma-separated channels still to try after the current one, in order; '' for none.
      t.text('route_remaining').notNullable().defaultTo('');
      t.integer('receipt_timeout_seconds').notNullable().defaultTo(0);
      t.boolean('fallback_on_delivery_failure').notNullable().defaultTo(false);
      t.timestamp('fallback_due_at', { useTz: true }).nullable();
    });
    await knex.raw(`create index messages_fallback_due_idx on messages (fallback_due_at) where status = 'dispatched' and fallback_due_at is not null`);
  },
  async down(knex) {
    await knex.raw('drop index messages_fallback_due_idx');
    await knex.schema.alterTable('messages', (t) => {
      t.dropColumn('route_remaining');
      t.dropColumn('receipt_timeout_seconds');
      t.dropColumn('fallback_on_delivery_failure');
      t.dropColumn('fallback_due_at');
    });
  },
};
