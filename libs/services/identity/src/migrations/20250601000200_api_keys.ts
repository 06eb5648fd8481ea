import type { Migration } from '@mp/db';

export const apiKeys: Migration = {
  name: '20250601000200_api_keys',
  async up(knex) {
    await knex.schema.createTable('api_keys', (t) => {
      t.uuid('id').primary();
      t.uuid('account_id').notNullable().references('id').inTable('accounts');
      t.uuid('subaccount_id').references('id').inTable('subaccounts');
      t.string('name', 100).notNullable();
      t.jsonb('rights').notNullable();
      // sha256 of the whole key; the key is shown once and never stored.
      t.string('key_hash', 64).notNullable().unique({ indexName: 'api_keys_hash_unique' });
      t.string('prefix', 16).notNullable();
      t.string('status', 20).notNullable().checkIn(['active', 'revoked', 'deleted'], 'api_keys_status_check');
      t.timestamp('expires_at', { useTz: true });
      t.uuid('created_by_user_id').references('id').inTable('users');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.timestamp('revoked_at', { useTz: true });
      t.timestamp('deleted_at', { useTz: true });
      t.index(['account_id', 'created_at'], 'api_keys_account_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('api_keys');
  },
};
