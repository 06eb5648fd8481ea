import type { Migration } from '@mp/db';

/**
 * Invited users: a user row exists (status `invited`, no password yet) from
 * the invitation on, so the address is taken and the Admin sees the user;
 * the invitation token (mailed, stored hashed) sets the password.
 */
export const userInvitations: Migration = {
  name: '20250601000800_user_invitations',
  async up(knex) {
    await knex.raw('alter table users drop constraint users_status_check');
    await knex.raw(`alter table users add constraint users_status_check check (status in ('invited', 'active', 'inactive'))`);
    await knex.raw('alter table users alter column password_hash drop not null');
    await knex.schema.createTable('user_invitations', (t) => {
      t.uuid('id').primary();
      t.uuid('account_id').notNullable().references('id').inTable('accounts');
      t.uuid('user_id').notNullable().references('id').inTable('users');
      t.uuid('invited_by_user_id').notNullable().references('id').inTable('users');
      // sha256 of the token; the token itself is only in the mail.
      t.string('token_hash', 64).notNullable().unique({ indexName: 'user_invitations_hash_unique' });
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.timestamp('used_at', { useTz: true });
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['user_id'], 'user_invitations_user_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('user_invitations');
    // Users who never accepted have no password: they cannot sign in, so they go back as inactive with an unusable hash.
    await knex.raw(`update users set status = 'inactive' where status = 'invited'`);
    await knex.raw(`update users set password_hash = '!' where password_hash is null`);
    await knex.raw('alter table users alter column password_hash set not null');
    await knex.raw('alter table users drop constraint users_status_check');
    await knex.raw(`alter table users add constraint users_status_check check (status in ('active', 'inactive'))`);
  },
};
