import type { Migration } from '@mp/db';

/**
 * When the payment processor's last applied subscription event happened, so a
 * late-arriving older event cannot undo a newer one.
 */
export const subscriptionUpdates: Migration = {
  name: '20261020000000_subscription_updates',
  async up(knex) {
    await knex.schema.alterTable('accounts', (t) => {
      t.timestamp('subscription_updated_at', { useTz: true });
    });
  },
  async down(knex) {
    await knex.schema.alterTable('accounts', (t) => {
      t.dropColumn('subscription_updated_at');
    });
  },
};
