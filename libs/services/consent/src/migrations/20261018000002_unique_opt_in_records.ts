import type { Migration } from '@mp/db';

/**
 * The same evidence record is stored once (issue 10 point 6: repeating an
 * import changes nothing): same account, subaccount (null counting as one
 * value: account-level), number, moment of consent and method. Imports skip
 * a record already stored on conflict, and CreateOptInRecord answers it.
 */
export const uniqueOptInRecords: Migration = {
  name: '20261018000002_unique_opt_in_records',
  async up(knex) {
    await knex.raw(`
      create unique index opt_in_records_same_record on opt_in_records (account_id, subaccount_id, phone_number, opted_in_at, method)
        nulls not distinct
    `);
  },
  async down(knex) {
    await knex.raw('drop index opt_in_records_same_record');
  },
};
