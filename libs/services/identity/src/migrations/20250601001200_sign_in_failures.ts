import type { Migration } from '@mp/db';

/**
 * Consecutive wrong passwords per sign-in address. Keyed by the sha256 of the
 * normalised address, for unknown addresses too, so a lock cannot reveal
 * whether an account exists; removed by a successful sign-in.
 */
export const signInFailures: Migration = {
  name: '20250601001200_sign_in_failures',
  async up(knex) {
    await knex.schema.createTable('sign_in_failures', (t) => {
      t.string('email_hash', 64).primary();
      t.integer('failures').notNullable();
      t.timestamp('window_started_at', { useTz: true }).notNullable();
      t.timestamp('locked_until', { useTz: true });
    });
  },
  async down(knex) {
    await knex.schema.dropTable('sign_in_failures');
  },
};
