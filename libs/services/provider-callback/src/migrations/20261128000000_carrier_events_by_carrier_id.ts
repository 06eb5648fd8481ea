import type { Migration } from '@mp/db';

/**
 * Receipts of providers that name a message by their own id alone (Meta's
 * wamid, Twilio's MessageSid) are stored before the message is known here:
 * message and attempt become optional (messaging resolves them).
 */
export const carrierEventsByCarrierIdMigration: Migration = {
  name: '20261128000000_carrier_events_by_carrier_id',
  async up(knex) {
    await knex.raw('alter table carrier_events alter column message_id drop not null, alter column attempt drop not null');
  },
  async down(knex) {
    await knex('carrier_events').whereNull('message_id').orWhereNull('attempt').delete();
    await knex.raw('alter table carrier_events alter column message_id set not null, alter column attempt set not null');
  },
};
