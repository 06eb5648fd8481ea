import type { Migration } from '@mp/db';

/** Step-up: single-use tokens for sensitive actions, the authenticator lockout and email one-time codes. */
export const stepUp: Migration = {
  name: '20250601000600_step_up',
  async up(knex) {
    await knex.schema.createTable('step_up_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users');
      t.string('action', 40).notNullable();
      // sha256 of the token; the token itself is only in the answer.
      t.string('token_hash', 64).notNullable().unique({ indexName: 'step_up_tokens_hash_unique' });
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['user_id'], 'step_up_tokens_user_idx');
    });
    await knex.schema.createTable('step_up_failures', (t) => {
      // Consecutive wrong authenticator codes of a user; removed by a success.
      t.uuid('user_id').primary().references('id').inTable('users');
      t.integer('failures').notNullable();
      t.timestamp('window_started_at', { useTz: true }).notNullable();
      t.timestamp('locked_until', { useTz: true });
    });
    await knex.schema.createTable('email_otps', (t) => {
      // The newest code of a user; issuing again replaces it.
      t.uuid('user_id').primary().references('id').inTable('users');
      t.string('action', 40).notNullable();
      t.string('code_hash', 64).notNullable();
      t.integer('failed_attempts').notNullable().defaultTo(0);
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('email_otps');
    await knex.schema.dropTable('step_up_failures');
    await knex.schema.dropTable('step_up_tokens');
  },
};
