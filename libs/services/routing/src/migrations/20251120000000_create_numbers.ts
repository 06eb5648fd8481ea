import type { Migration } from '@mp/db';

/** Numbers and sender addresses, the sandbox number sequence, and which accounts were provisioned. */
export const createNumbersMigration: Migration = {
  name: '20251120000000_create_numbers',
  formerName: '001-create-numbers',
  async up(knex) {
    await knex.schema.createTable('numbers', (t) => {
      t.text('number_id').primary();
      t.text('account_id').notNullable();
      // Null: an account-level number any of the account's messages may use.
      t.text('subaccount_id');
      // E.164 number or email sender address; unique across all accounts.
      t.text('address').notNullable().unique({ indexName: 'numbers_address_uq' });
      // jsonb array of channel types, queried with @>.
      t.jsonb('channel_types').notNullable();
      t.text('status').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['account_id', 'status'], 'numbers_account_idx');
    });
    // The 7 digits after the sandbox prefix; no cycle, so a number is never handed out twice.
    await knex.raw('create sequence sandbox_number_seq minvalue 1 maxvalue 9999999 no cycle');
    await knex.schema.createTable('sandbox_provisionings', (t) => {
      t.text('account_id').primary();
      t.timestamp('provisioned_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('sandbox_provisionings');
    await knex.raw('drop sequence sandbox_number_seq');
    await knex.schema.dropTable('numbers');
  },
};
