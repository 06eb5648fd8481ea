import type { Migration } from '@mp/db';

/** Accounts, their subaccounts, users and the tokens that verify a user's email. */
export const accountsAndUsers: Migration = {
  name: '20250601000000_accounts_and_users',
  async up(knex) {
    await knex.schema.createTable('accounts', (t) => {
      t.uuid('id').primary();
      t.string('organization_name', 200).notNullable();
      t.string('status', 20).notNullable().checkIn(['pending', 'active'], 'accounts_status_check');
      t.string('subscription_status', 20).notNullable();
      t.timestamp('email_verified_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('subaccounts', (t) => {
      t.uuid('id').primary();
      t.uuid('account_id').notNullable().references('id').inTable('accounts');
      t.string('name', 100).notNullable();
      // null = unlimited (DECISIONS "Accounts")
      t.integer('daily_quota');
      t.integer('monthly_quota');
      t.string('status', 20).notNullable().defaultTo('active');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['account_id', 'created_at'], 'subaccounts_account_idx');
    });
    await knex.schema.createTable('users', (t) => {
      t.uuid('id').primary();
      t.uuid('account_id').notNullable().references('id').inTable('accounts');
      // Stored lower-cased; the unique index is what settles two concurrent registrations.
      t.string('email', 254).notNullable().unique({ indexName: 'users_email_unique' });
      t.string('password_hash', 255).notNullable();
      t.string('role', 20).notNullable().checkIn(['Admin', 'Manager', 'Member'], 'users_role_check');
      t.uuid('subaccount_id').references('id').inTable('subaccounts');
      t.string('status', 20).notNullable().checkIn(['active', 'inactive'], 'users_status_check');
      t.boolean('mfa_enabled').notNullable().defaultTo(false);
      t.timestamp('email_verified_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['account_id'], 'users_account_idx');
    });
    await knex.schema.createTable('email_verification_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('account_id').notNullable().references('id').inTable('accounts');
      t.uuid('user_id').notNullable().references('id').inTable('users');
      // sha256 of the token; the token itself is only in the mail.
      t.string('token_hash', 64).notNullable().unique({ indexName: 'email_verification_tokens_hash_unique' });
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('email_verification_tokens');
    await knex.schema.dropTable('users');
    await knex.schema.dropTable('subaccounts');
    await knex.schema.dropTable('accounts');
  },
};
