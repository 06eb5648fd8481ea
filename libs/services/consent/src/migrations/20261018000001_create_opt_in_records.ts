import type { Migration } from '@mp/db';

/** Consent evidence records (spec 2.7, 4.7 rule 7); each is also a ledger entry (`evidence_recorded`). */
export const createOptInRecords: Migration = {
  name: '20261018000001_create_opt_in_records',
  async up(knex) {
    await knex.raw(`
      create table opt_in_records (
        record_id uuid primary key,
        account_id uuid not null,
        subaccount_id uuid,
        phone_number text not null,
        opted_in_at timestamptz not null,
        method text not null,
        source text,
        consent_language text,
        created_at timestamptz not null,
        entry_id uuid not null references consent_entries (entry_id)
      )
    `);
    await knex.raw('create index opt_in_records_list_idx on opt_in_records (account_id, created_at desc, record_id desc)');
  },
  async down(knex) {
    await knex.raw('drop table opt_in_records');
  },
};
