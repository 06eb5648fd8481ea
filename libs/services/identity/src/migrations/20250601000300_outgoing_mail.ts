import type { Migration } from '@mp/db';

/** Mail written in the sender's transaction and sent by the mail job (service-contracts "Mail"). */
export const outgoingMail: Migration = {
  name: '20250601000300_outgoing_mail',
  async up(knex) {
    await knex.schema.createTable('outgoing_mail', (t) => {
      t.uuid('id').primary();
      t.string('kind', 40).notNullable();
      t.string('to_address', 254).notNullable();
      t.string('from_address', 254).notNullable();
      t.string('subject', 200).notNullable();
      t.text('text').notNullable();
      t.string('status', 20).notNullable().checkIn(['queued', 'sent', 'failed'], 'outgoing_mail_status_check');
      t.integer('attempts').notNullable().defaultTo(0);
      t.timestamp('next_attempt_at', { useTz: true }).notNullable();
      t.text('last_error');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('sent_at', { useTz: true });
      t.index(['to_address', 'kind', 'created_at'], 'outgoing_mail_recipient_idx');
    });
    // The job only ever looks for queued mail that is due.
    await knex.raw("create index outgoing_mail_due_idx on outgoing_mail (next_attempt_at) where status = 'queued'");
  },
  async down(knex) {
    await knex.schema.dropTable('outgoing_mail');
  },
};
