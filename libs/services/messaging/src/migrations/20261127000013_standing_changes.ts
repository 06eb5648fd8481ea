import type { Migration } from '@mp/db';

/**
 * A counter per account, raised when another service says the account's
 * sending standing just changed (NoteStandingChange). Every replica compares
 * it with the one it read before asking identity: a standing held from before
 * the change is never used, even before the change's event reaches the replica.
 */
export const standingChangesMigration: Migration = {
  name: '20261127000013_standing_changes',
  async up(knex) {
    await knex.schema.createTable('standing_changes', (t) => {
      t.uuid('account_id').primary();
      t.bigInteger('version').notNullable();
    });
  },
  async down(knex) {
    await knex.schema.dropTable('standing_changes');
  },
};
