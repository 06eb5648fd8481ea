import type { Migration } from '@mp/db';

/**
 * One counter per quota scope (an account's own sends or a subaccount's) and
 * window. The primary key is what makes the conditional increment atomic:
 * concurrent sends queue on the one row.
 */
export const createQuotaUsageMigration: Migration = {
  name: '20251201000003_create_quota_usage',
  async up(knex) {
    await knex.schema.createTable('quota_usage', (t) => {
      t.text('scope').notNullable();
      t.text('period').notNullable();
      t.timestamp('period_start', { useTz: true }).notNullable();
      t.integer('used').notNullable();
      t.primary(['scope', 'period', 'period_start']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('quota_usage');
  },
};
