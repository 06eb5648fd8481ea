import type { Migration } from '@mp/db';

/** Customer webhook endpoints (spec 2.6, 3.3). */
export const createWebhookEndpoints: Migration = {
  name: '20251120000000_create_webhook_endpoints',
  formerName: '001_create_webhook_endpoints',
  async up(knex) {
    await knex.schema.createTable('webhook_endpoints', (t) => {
      t.uuid('id').primary();
      t.uuid('account_id').notNullable();
      // Scoped endpoints get that subaccount's events plus those of no subaccount.
      t.uuid('subaccount_id').nullable();
      t.text('url').notNullable();
      t.text('label').notNullable().defaultTo('');
      // Comma-separated event names (spec 2.6), stored canonically (trimmed, no empties).
      t.text('subscribed_events').notNullable();
      t.boolean('active').notNullable().defaultTo(true);
      // The `whsec_` signing secret must be readable to sign deliveries, so it is kept
      // encrypted (not hashed); filled when creation lands.
      t.text('signing_secret_encrypted').nullable();
      t.integer('consecutive_failures').notNullable().defaultTo(0);
      t.timestamp('deactivated_at', { useTz: true }).nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['account_id', 'created_at'], 'webhook_endpoints_account_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('webhook_endpoints');
  },
};
