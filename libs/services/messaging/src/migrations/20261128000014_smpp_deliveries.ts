import type { Migration } from '@mp/db';

/**
 * SMPP receipts and inbound messages (issue 28 points 4, 5): every part's
 * SMSC id (the part ledger any replica's bind matches receipts with), every
 * deliver_sm as it was stored before its deliver_sm_resp, and each message's
 * decided outcome until provider-callback has it.
 */
export const smppDeliveriesMigration: Migration = {
  name: '20261128000014_smpp_deliveries',
  async up(knex) {
    await knex.schema.createTable('smpp_parts', (t) => {
      t.text('connection').notNullable();
      // Normalised by the connection's idFormat, case and leading zeros.
      t.text('smsc_message_id').notNullable();
      // `<messageId>:<attempt>`.
      t.text('reference').notNullable();
      t.integer('part_index').notNullable();
      t.integer('part_count').notNullable();
      // The latest receipt's stat and err (a final stat is never replaced).
      t.text('stat');
      t.text('err');
      t.timestamp('recorded_at', { useTz: true }).notNullable();
      t.primary(['connection', 'smsc_message_id']);
      t.index(['reference'], 'smpp_parts_reference_idx');
    });
    await knex.schema.createTable('smpp_deliveries', (t) => {
      t.bigIncrements('id').primary();
      t.text('connection').notNullable();
      // receipt, inbound or unparseable.
      t.text('kind').notNullable();
      // pending until applied (or handed on); expired, unparseable or undecodable otherwise.
      t.text('state').notNullable();
      // The PDU's content: an SMSC resending one it got no answer for sends the same.
      t.text('content_hash').notNullable();
      t.text('smsc_message_id');
      t.text('stat');
      t.text('err');
      t.text('source_addr').notNullable();
      t.integer('source_ton').notNullable();
      t.text('dest_addr').notNullable();
      t.integer('esm_class').notNullable();
      t.integer('data_coding').notNullable();
      // The text octets (UDH removed) of an inbound part; the whole short_message otherwise.
      t.binary('short_message').notNullable();
      t.integer('concat_ref');
      t.integer('concat_total');
      t.integer('concat_seq');
      t.text('reason');
      t.timestamp('received_at', { useTz: true }).notNullable();
      t.timestamp('handled_at', { useTz: true });
      t.index(['connection', 'content_hash', 'received_at'], 'smpp_deliveries_content_idx');
      t.index(['state', 'kind', 'connection', 'smsc_message_id'], 'smpp_deliveries_pending_idx');
    });
    await knex.schema.createTable('smpp_outcomes', (t) => {
      t.text('reference').primary();
      t.text('connection').notNullable();
      t.text('event_id').notNullable();
      t.text('carrier_message_id').notNullable();
      t.text('status').notNullable();
      t.text('error_code');
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      t.timestamp('announced_at', { useTz: true });
      t.index(['announced_at'], 'smpp_outcomes_announced_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('smpp_outcomes');
    await knex.schema.dropTable('smpp_deliveries');
    await knex.schema.dropTable('smpp_parts');
  },
};
