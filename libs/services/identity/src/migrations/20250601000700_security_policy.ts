import type { Migration } from '@mp/db';

/** The account security policy (spec 2.9, 5.5) and the single-use tokens of MFA enrollment at sign-in. */
export const securityPolicy: Migration = {
  name: '20250601000700_security_policy',
  async up(knex) {
    await knex.schema.createTable('account_security_policies', (t) => {
      // One row per account once an Admin changed it; no row = the default (MFA not required).
      t.uuid('account_id').primary().references('id').inTable('accounts');
      t.boolean('require_mfa').notNullable().defaultTo(false);
      t.uuid('updated_by_user_id').references('id').inTable('users');
      t.timestamp('updated_at', { useTz: true }).notNullable();
    });
    await knex.schema.createTable('mfa_enrollment_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users');
      // sha256 of the token; the token itself is only in the MFA_ENROLLMENT_REQUIRED answer.
      t.string('token_hash', 64).notNullable().unique({ indexName: 'mfa_enrollment_tokens_hash_unique' });
      t.integer('failed_attempts').notNullable().defaultTo(0);
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['user_id'], 'mfa_enrollment_tokens_user_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('mfa_enrollment_tokens');
    await knex.schema.dropTable('account_security_policies');
  },
};
