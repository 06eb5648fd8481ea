import type { Migration } from '@mp/db';

/**
 * One row per account whose outbound sending platform staff have held. The
 * dispatch and release scans skip messages of these accounts, so held
 * messages simply wait in their status (queued or scheduled).
 */
export const createAccountSendingHoldsMigration: Migration = {
  name: '20251201000002_create_account_sending_holds',
  async up(knex) {
    await knex.schema.createTable('account_sending_holds', (t) => {
      // Identity's account id: opaque text, like messages.account_id.
      t.text('account_id').primary();
      t.text('reason');
      t.text('operator');
      t.timestamp('held_at', { useTz: true }).notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('account_sending_holds');
  },
};
