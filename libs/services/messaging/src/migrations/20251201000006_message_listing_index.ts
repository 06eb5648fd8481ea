import type { Migration } from '@mp/db';

/**
 * The message list pages by keyset on (created_at desc, id desc): these
 * indexes serve the account-wide list and a subaccount's list with the same
 * order, so every page is an index range scan however deep the cursor. The
 * new account index covers the old (account_id, created_at desc) one.
 */
export const createMessageListingIndexMigration: Migration = {
  name: '20251201000006_message_listing_index',
  async up(knex) {
    await knex.raw(`create index messages_account_list_idx on messages (account_id, created_at desc, id desc)`);
    await knex.raw(
      `create index messages_subaccount_list_idx on messages (subaccount_id, created_at desc, id desc) where subaccount_id is not null`,
    );
    await knex.raw(`drop index if exists messages_account_created_idx`);
  },
  async down(knex) {
    await knex.raw(`create index messages_account_created_idx on messages (account_id, created_at desc)`);
    await knex.raw(`drop index messages_subaccount_list_idx`);
    await knex.raw(`drop index messages_account_list_idx`);
  },
};
