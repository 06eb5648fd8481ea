import type { Migration } from '@mp/db';

/**
 * Each subaccount's routing policy (spec 2.5), once it set one: a subaccount
 * without a row routes by the defaults. The fallback chain is a jsonb array
 * of channel names, in the order they are tried.
 */
export const createRoutingPolicies: Migration = {
  name: '20261125000000_create_routing_policies',
  async up(knex) {
    await knex.schema.createTable('routing_policies', (t) => {
      t.text('account_id').notNullable();
      t.text('subaccount_id').notNullable();
      t.text('preferred_channel_type').notNullable();
      t.jsonb('fallback_chain').notNullable();
      t.boolean('is_enabled').notNullable();
      t.integer('receipt_timeout_seconds').notNullable();
      t.boolean('fallback_on_delivery_failure').notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.primary(['account_id', 'subaccount_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('routing_policies');
  },
};
