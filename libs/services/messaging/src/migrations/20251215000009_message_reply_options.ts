import type { Migration } from '@mp/db';

/**
 * The copy of the reply options a message was sent with (spec 3.2: editing
 * the template later changes nothing for it), and the index the reply-window
 * job scans: only messages still awaiting an answer, by deadline.
 */
export const messageReplyOptionsMigration: Migration = {
  name: '20251215000009_message_reply_options',
  async up(knex) {
    await knex.schema.alterTable('messages', (t) => {
      t.jsonb('reply_options');
    });
    await knex.raw(`create index messages_reply_window_idx on messages (expires_at) where reply_status = 'Awaiting'`);
  },
  async down(knex) {
    await knex.raw(`drop index messages_reply_window_idx`);
    await knex.schema.alterTable('messages', (t) => {
      t.dropColumn('reply_options');
    });
  },
};
