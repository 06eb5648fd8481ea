import type { Migration } from '@mp/db';

/** Sessions (refresh-token families) and the refresh tokens rotated within them. */
export const sessions: Migration = {
  name: '20250601000100_sessions',
  async up(knex) {
    await knex.schema.createTable('sessions', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users');
      t.uuid('account_id').notNullable().references('id').inTable('accounts');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('revoked_at', { useTz: true });
      t.string('revoke_reason', 50);
      t.index(['user_id'], 'sessions_user_idx');
    });
    await knex.schema.createTable('refresh_tokens', (t) => {
      t.uuid('id').primary();
      t.uuid('session_id').notNullable().references('id').inTable('sessions');
      t.string('token_hash', 64).notNullable().unique({ indexName: 'refresh_tokens_hash_unique' });
      t.timestamp('expires_at', { useTz: true }).notNullable();
      // Set when rotated; presenting it again afterwards is a replay.
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['session_id'], 'refresh_tokens_session_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('refresh_tokens');
    await knex.schema.dropTable('sessions');
  },
};
