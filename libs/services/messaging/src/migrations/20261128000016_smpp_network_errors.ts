import type { Migration } from '@mp/db';

/**
 * A receipt's network_error_code TLV (`<network type>:<code>`, e.g. `3:27`):
 * unlike the text form's vendor-specific `err`, it names a standard network
 * error (GSM MAP for type 3), which chooses the platform's carrier error code.
 */
export const smppNetworkErrorsMigration: Migration = {
  name: '20261128000016_smpp_network_errors',
  async up(knex) {
    await knex.schema.alterTable('smpp_deliveries', (t) => t.text('network_error'));
    await knex.schema.alterTable('smpp_parts', (t) => t.text('network_error'));
  },
  async down(knex) {
    await knex.schema.alterTable('smpp_parts', (t) => t.dropColumn('network_error'));
    await knex.schema.alterTable('smpp_deliveries', (t) => t.dropColumn('network_error'));
  },
};
