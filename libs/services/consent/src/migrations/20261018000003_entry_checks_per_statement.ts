import type { Migration } from '@mp/db';

const TABLES = ['opt_outs', 'opt_in_records'] as const;

/**
 * `opt_outs.entry_id` and `opt_in_records.entry_id` keep naming a ledger
 * entry that exists, now checked once per statement instead of once per row.
 * A foreign key's per-row check was a fifth of a 10,000-row import (issue 10
 * point 11: at most 3 times psql \copy); the check it made on delete is moot,
 * since the ledger refuses every update and delete. The refusal stays a
 * foreign_key_violation.
 */
export const entryChecksPerStatement: Migration = {
  name: '20261018000003_entry_checks_per_statement',
  async up(knex) {
    await knex.raw(`
      create function consent_entry_named() returns trigger language plpgsql as $$
      begin
        if exists (select 1 from named n where not exists (select 1 from consent_entries e where e.entry_id = n.entry_id)) then
          raise exception 'insert or update on table "%" violates foreign key to consent_entries: entry_id names no ledger entry', tg_table_name
            using errcode = 'foreign_key_violation';
        end if;
        return null;
      end
      $$
    `);
    for (const table of TABLES) {
      await knex.raw(`alter table ${table} drop constraint ${table}_entry_id_fkey`);
      await knex.raw(`create trigger ${table}_entry_named_on_insert after insert on ${table} referencing new table as named for each statement execute function consent_entry_named()`);
      await knex.raw(`create trigger ${table}_entry_named_on_update after update on ${table} referencing new table as named for each statement execute function consent_entry_named()`);
    }
  },
  async down(knex) {
    for (const table of TABLES) {
      await knex.raw(`drop trigger ${table}_entry_named_on_update on ${table}`);
      await knex.raw(`drop trigger ${table}_entry_named_on_insert on ${table}`);
      await knex.raw(`alter table ${table} add constraint ${table}_entry_id_fkey foreign key (entry_id) references consent_entries (entry_id)`);
    }
    await knex.raw('drop function consent_entry_named()');
  },
};
