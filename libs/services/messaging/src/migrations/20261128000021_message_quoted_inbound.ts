import type { Migration } from '@mp/db';

/**
 * The inbound message a message answers (`inReplyToInboundMessageId`) and
 * the carrier's id for it, taken at send: its WhatsApp attempt quotes that id
 * (Meta's context.message_id) without asking replies again at dispatch.
 */
export const messageQuotedInboundMigration: Migration = {
  name: '20261128000021_message_quoted_inbound',
  async up(knex) {
    await knex.schema.alterTable('messages', (t) => {
      t.uuid('in_reply_to_inbound_message_id');
      t.text('quoted_carrier_message_id');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('messages', (t) => {
      t.dropColumn('quoted_carrier_message_id');
      t.dropColumn('in_reply_to_inbound_message_id');
    });
  },
};
