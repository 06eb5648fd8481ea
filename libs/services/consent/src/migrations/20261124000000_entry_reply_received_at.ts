import type { Migration } from '@mp/db';

/**
 * When the carrier received the STOP or START reply an entry records (spec
 * 4.3 rule 3): replies can be processed out of the order they were sent, so
 * consent orders a recipient's keywords on a number by this, not by position.
 * Null on every other entry and on replies recorded before it existed.
 */
export const entryReplyReceivedAt: Migration = {
  name: '20261124000000_entry_reply_received_at',
  async up(knex) {
    await knex.raw('alter table consent_entries add column reply_received_at timestamptz');
  },
  async down(knex) {
    await knex.raw('alter table consent_entries drop column reply_received_at');
  },
};
