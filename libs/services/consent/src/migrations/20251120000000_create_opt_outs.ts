import type { Migration } from '@mp/db';

/** Recipient opt-outs (spec 2.7, 4.7); one row per distinct placement. */
export const createOptOuts: Migration = {
  name: '20251120000000_create_opt_outs',
  formerName: '001_create_opt_outs',
  async up(knex) {
    await knex.schema.createTable('opt_outs', (t) => {
      t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
      t.uuid('account_id').notNullable();
      t.uuid('subaccount_id').nullable();
      t.text('recipient').notNullable();
      t.text('channel_type').notNullable();
      t.text('scope').notNullable();
      t.text('receiving_number').nullable();
      t.text('source').notNullable();
      t.text('reason').nullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.index(['account_id', 'recipient', 'channel_type'], 'opt_outs_recipient_idx');
    });
    await knex.raw(`
      alter table opt_outs
        add constraint opt_outs_scope_check
          check (scope in ('subaccount', 'accountLevelOnly', 'entireAccount', 'stopReply')),
        add constraint opt_outs_placement_check check (
          (scope = 'subaccount' and subaccount_id is not null and receiving_number is null)
          or (scope in ('accountLevelOnly', 'entireAccount') and subaccount_id is null and receiving_number is null)
          or (scope = 'stopReply' and receiving_number is not null)
        ),
        add constraint opt_outs_unique
          unique nulls not distinct (account_id, subaccount_id, recipient, channel_type, scope, receiving_number)
    `);
  },
  async down(knex) {
    await knex.schema.dropTable('opt_outs');
  },
};
