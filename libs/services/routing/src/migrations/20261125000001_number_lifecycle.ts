import type { Migration } from '@mp/db';

/**
 * Numbers provisioned and released on request (DECISIONS Numbers):
 * - an address is unique among active numbers only, so a released number can
 *   be provisioned again (by anyone); released rows stay, with `released_at`;
 * - readiness (spec 4.5): `sandbox` numbers are ready, a production long code
 *   once it has a 10DLC `campaign_id`; every number so far came from sandbox;
 * - `use_count`: times ChooseSender picked it from a pool (LeastUsed).
 */
export const numberLifecycle: Migration = {
  name: '20261125000001_number_lifecycle',
  async up(knex) {
    await knex.schema.alterTable('numbers', (t) => {
      t.boolean('sandbox').notNullable().defaultTo(true);
      t.text('campaign_id');
      t.bigInteger('use_count').notNullable().defaultTo(0);
      t.timestamp('released_at', { useTz: true });
    });
    await knex.raw('alter table numbers drop constraint numbers_address_uq');
    await knex.raw("create unique index numbers_active_address_uq on numbers (address) where status = 'active'");
  },
  async down(knex) {
    await knex.raw('drop index numbers_active_address_uq');
    // Released duplicates of an active address cannot survive the older constraint.
    await knex.raw("delete from numbers r where r.status <> 'active' and exists (select 1 from numbers a where a.address = r.address and a.number_id <> r.number_id)");
    await knex.raw('alter table numbers add constraint numbers_address_uq unique (address)');
    await knex.schema.alterTable('numbers', (t) => {
      t.dropColumn('released_at');
      t.dropColumn('use_count');
      t.dropColumn('campaign_id');
      t.dropColumn('sandbox');
    });
  },
};
