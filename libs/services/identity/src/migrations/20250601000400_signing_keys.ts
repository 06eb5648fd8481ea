import type { Migration } from '@mp/db';

/** Ed25519 key pairs for access tokens; the private JWK never leaves this service. */
export const signingKeys: Migration = {
  name: '20250601000400_signing_keys',
  async up(knex) {
    await knex.schema.createTable('signing_keys', (t) => {
      t.string('kid', 64).primary();
      t.string('alg', 20).notNullable();
      t.jsonb('public_jwk').notNullable();
      t.jsonb('private_jwk').notNullable();
      // retired keys stay published until the tokens they signed have expired
      t.string('status', 20).notNullable().checkIn(['active', 'retired'], 'signing_keys_status_check');
      t.timestamp('created_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('signing_keys');
  },
};
