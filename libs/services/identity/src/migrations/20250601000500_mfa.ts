import type { Migration } from '@mp/db';

/**
 * Multi-factor sign-in: the TOTP authenticator of a user, its recovery codes,
 * the challenges between a password and its second factor, and whether a
 * session passed MFA.
 */
export const mfa: Migration = {
  name: '20250601000500_mfa',
  async up(knex) {
    await knex.schema.createTable('mfa_totp_secrets', (t) => {
      // One authenticator per user: a new setup replaces a pending one.
      t.uuid('user_id').primary().references('id').inTable('users');
      // Base32 secret; answered once by SetupTotp and never again.
      t.string('secret', 64).notNullable();
      t.string('status', 20).notNullable().checkIn(['pending', 'active'], 'mfa_totp_secrets_status_check');
      // The newest accepted 30 s time step: that code and every earlier one are refused (replay).
      t.integer('last_used_step');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('confirmed_at', { useTz: true });
    });
    await knex.schema.createTable('mfa_recovery_codes', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users');
      // sha256 of the normalised code; the code is shown once.
      t.string('code_hash', 64).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['user_id'], 'mfa_recovery_codes_user_idx');
    });
    await knex.schema.createTable('mfa_login_challenges', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users');
      // sha256 of the mfaToken handed out with MFA_REQUIRED.
      t.string('token_hash', 64).notNullable().unique({ indexName: 'mfa_login_challenges_hash_unique' });
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.integer('failed_attempts').notNullable().defaultTo(0);
      // Set on success, and when too many wrong codes burn the challenge.
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['user_id'], 'mfa_login_challenges_user_idx');
    });
    await knex.schema.alterTable('sessions', (t) => {
      // Set for sessions started by LoginMfa; a refresh of another session is refused once the user has MFA on.
      t.boolean('mfa_passed').notNullable().defaultTo(false);
    });
  },
  async down(knex) {
    await knex.schema.alterTable('sessions', (t) => {
      t.dropColumn('mfa_passed');
    });
    await knex.schema.dropTable('mfa_login_challenges');
    await knex.schema.dropTable('mfa_recovery_codes');
    await knex.schema.dropTable('mfa_totp_secrets');
  },
};
