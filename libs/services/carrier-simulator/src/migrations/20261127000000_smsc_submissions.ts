import type { Migration } from '@mp/db';

/**
 * The sandbox SMSC (issue 28 point 7): a submit_sm is filed in carrier_submissions
 * like an HTTP submission (one row per part, `protocol = 'smpp'`) with what came on
 * the wire, so tests compare it byte for byte; its receipts wait in smsc_receipts
 * (sent as deliver_sm to a bound session, not posted like carrier_receipts).
 */
export const smscSubmissionsMigration: Migration = {
  name: '20261127000000_smsc_submissions',
  async up(knex) {
    await knex.schema.alterTable('carrier_submissions', (t) => {
      t.text('protocol').notNullable().defaultTo('http');
      t.text('smpp_system_id');
      // The whole submit_sm as received (header included) and its fields as decoded.
      t.binary('smpp_pdu');
      t.integer('source_addr_ton');
      t.integer('source_addr_npi');
      t.text('source_addr');
      t.integer('dest_addr_ton');
      t.integer('dest_addr_npi');
      t.text('destination_addr');
      t.integer('esm_class');
      t.integer('data_coding');
      t.integer('registered_delivery');
      t.binary('short_message');
      // TLVs by name; octet values as hex.
      t.jsonb('tlvs');
      // A part of a longer message: its concatenation reference, total and place (UDH or SAR).
      t.integer('part_reference');
      t.integer('part_total');
      t.integer('part_seq');
    });
    await knex.schema.createTable('smsc_receipts', (t) => {
      t.text('event_id').primary();
      t.text('carrier_message_id').notNullable().references('carrier_message_id').inTable('carrier_submissions');
      // The bind's system_id the receipt goes back to.
      t.text('system_id').notNullable();
      t.text('status').notNullable();
      t.text('error_code');
      t.timestamp('occurred_at', { useTz: true }).notNullable();
      t.timestamp('next_attempt_at', { useTz: true }).notNullable();
      t.integer('attempts').notNullable().defaultTo(0);
      t.text('last_error');
      t.timestamp('sent_at', { useTz: true });
    });
    await knex.raw('create index smsc_receipts_due_idx on smsc_receipts (next_attempt_at) where sent_at is null');
  },
  async down(knex) {
    await knex.schema.dropTable('smsc_receipts');
    await knex.schema.alterTable('carrier_submissions', (t) => {
      for (const column of [
        'protocol',
        'smpp_system_id',
        'smpp_pdu',
        'source_addr_ton',
        'source_addr_npi',
        'source_addr',
        'dest_addr_ton',
        'dest_addr_npi',
        'destination_addr',
        'esm_class',
        'data_coding',
        'registered_delivery',
        'short_message',
        'tlvs',
        'part_reference',
        'part_total',
        'part_seq',
      ]) {
        t.dropColumn(column);
      }
    });
  },
};
