import type { Migration } from '@mp/db';

/**
 * Passkeys (WebAuthn credentials) as an extra second factor, and the
 * challenges handed out for registering one, signing in and stepping up.
 */
export const passkeys: Migration = {
  name: '20261006000000_passkeys',
  async up(knex) {
    await knex.schema.createTable('passkeys', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users');
      // The authenticator's credential id (base64url); unique across the relying party.
      t.string('credential_id', 1024).notNullable().unique({ indexName: 'passkeys_credential_id_unique' });
      // COSE public key of the credential.
      t.binary('public_key').notNullable();
      // Signature counter: an assertion must raise it (a cloned authenticator does not).
      t.bigInteger('sign_count').notNullable().defaultTo(0);
      // Transports the browser reported (usb, internal, hybrid...), as hints for sign-in.
      t.specificType('transports', 'text[]').notNullable().defaultTo('{}');
      t.string('name', 100).notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('last_used_at', { useTz: true });
      t.index(['user_id'], 'passkeys_user_idx');
    });
    await knex.schema.createTable('webauthn_challenges', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users');
      t.string('purpose', 20).notNullable().checkIn(['registration', 'login', 'step_up'], 'webauthn_challenges_purpose_check');
      // base64url random bytes the authenticator signs over.
      t.string('challenge', 128).notNullable().unique({ indexName: 'webauthn_challenges_challenge_unique' });
      // Login: the MFA challenge (mfaToken) it belongs to. Step-up: the action it is for.
      t.uuid('login_challenge_id').references('id').inTable('mfa_login_challenges').onDelete('CASCADE');
      t.string('action', 40);
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['user_id'], 'webauthn_challenges_user_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('webauthn_challenges');
    await knex.schema.dropTable('passkeys');
  },
};
