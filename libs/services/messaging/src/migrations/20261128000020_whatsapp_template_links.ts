import type { Migration } from '@mp/db';

/**
 * A template's link to an approved WhatsApp template (Meta's name and
 * language code; both or neither), and on a message the WhatsApp template it
 * goes out as, taken at send with its body parameters in order: a template
 * edited or unlinked later changes nothing for a message already accepted.
 */
export const whatsappTemplateLinksMigration: Migration = {
  name: '20261128000020_whatsapp_template_links',
  async up(knex) {
    await knex.schema.alterTable('templates', (t) => {
      t.text('whatsapp_template_name');
      t.text('whatsapp_template_language');
    });
    await knex.raw(
      `alter table templates add constraint templates_whatsapp_link_whole check ((whatsapp_template_name is null) = (whatsapp_template_language is null))`,
    );
    await knex.schema.alterTable('messages', (t) => {
      t.jsonb('whatsapp_template');
    });
  },
  async down(knex) {
    await knex.schema.alterTable('messages', (t) => {
      t.dropColumn('whatsapp_template');
    });
    await knex.raw(`alter table templates drop constraint templates_whatsapp_link_whole`);
    await knex.schema.alterTable('templates', (t) => {
      t.dropColumn('whatsapp_template_language');
      t.dropColumn('whatsapp_template_name');
    });
  },
};
