import type { Migration } from '@mp/db';

/**
 * The payment processor's subscription events identity has applied, by the
 * processor's event id: provider-callback applies each one before it answers
 * the callback, and billing.events brings it again (the backstop when that
 * call failed); whichever comes second changes nothing.
 */
export const appliedSubscriptionEvents: Migration = {
  name: '20261127000000_applied_subscription_events',
  async up(knex) {
    await knex.schema.createTable('applied_subscription_events', (t) => {
      t.text('provider_event_id').primary();
      t.uuid('account_id').notNullable();
      t.timestamp('applied_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('applied_subscription_events');
  },
};
