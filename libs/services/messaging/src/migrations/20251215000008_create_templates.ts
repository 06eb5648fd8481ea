import type { Migration } from '@mp/db';

/**
 * Message templates (spec 2.4). Ids are per account: the primary key is
 * (account_id, template_id), so a client-chosen id on the account-scoped
 * create never collides with, nor reveals, another account's template.
 */
export const createTemplatesMigration: Migration = {
  name: '20251215000008_create_templates',
  async up(knex) {
    await knex.schema.createTable('templates', (t) => {
      // Identity's account id: opaque text, like messages.account_id.
      t.text('account_id').notNullable();
      t.uuid('template_id').notNullable();
      t.text('name').notNullable();
      t.text('channel_type').notNullable();
      t.text('body_template').notNullable();
      // [{ key, value, aliases }], keys and aliases in upper case; null when none.
      t.jsonb('reply_options');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.primary(['account_id', 'template_id']);
    });
    await knex.raw(`alter table templates add constraint templates_channel_check check (channel_type in ('Sms','WhatsApp','Email'))`);
    // The list pages by keyset on (created_at desc, template_id desc) within an account.
    await knex.raw(`create index templates_account_list_idx on templates (account_id, created_at desc, template_id desc)`);
  },
  async down(knex) {
    await knex.schema.dropTable('templates');
  },
};
