import type { Migration } from '@mp/db';

/**
 * Identities at OpenID Connect issuers linked to users. An unlinked identity
 * keeps its row (unlinked_at set): it is what stops the email rule from
 * linking the same provider to that user again on its own. The unique
 * indexes hold for linked rows only: one user per (provider, subject), one
 * identity per provider and user.
 */
export const externalIdentities: Migration = {
  name: '20250601001000_external_identities',
  async up(knex) {
    await knex.schema.createTable('external_identities', (t) => {
      t.uuid('id').primary();
      t.uuid('user_id').notNullable().references('id').inTable('users');
      t.string('provider', 64).notNullable();
      // The issuer's `sub`; at most 255 ASCII characters per OpenID Connect Core 2.
      t.string('subject', 255).notNullable();
      // The token's email when linked, for showing the user which identity it is.
      t.string('email', 254);
      t.timestamp('linked_at', { useTz: true }).notNullable();
      t.timestamp('unlinked_at', { useTz: true });
      t.index(['user_id'], 'external_identities_user_idx');
    });
    await knex.raw('create unique index external_identities_subject_unique on external_identities (provider, subject) where unlinked_at is null');
    await knex.raw('create unique index external_identities_user_provider_unique on external_identities (user_id, provider) where unlinked_at is null');
  },
  async down(knex) {
    await knex.schema.dropTable('external_identities');
  },
};
