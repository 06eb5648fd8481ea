import type { Migration } from '@mp/db';

/**
 * Where the SMPP binds live (issue 28 point 6): SMSCs limit binds per
 * systemId, so a connection's `binds` are slots leased to replicas, one row
 * per (connection, slot). A replica opens a session only for a slot it holds
 * and renews its lease while it runs; a lease its replica stopped renewing
 * (the pod gone) runs out and another replica takes the slot over. The
 * holders table says which replicas are alive per connection, so each takes
 * its share and no more.
 */
export const smppBindLeasesMigration: Migration = {
  name: '20261128000015_smpp_bind_leases',
  async up(knex) {
    await knex.schema.createTable('smpp_bind_leases', (t) => {
      t.text('connection').notNullable();
      // 0 .. binds-1.
      t.integer('slot').notNullable();
      // `<host>:<pid>:<random>` of the replica holding it; null when free.
      t.text('holder');
      // Free to claim once passed (database time, so replicas' clocks do not matter).
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.primary(['connection', 'slot']);
    });
    await knex.schema.createTable('smpp_bind_holders', (t) => {
      t.text('connection').notNullable();
      t.text('holder').notNullable();
      // Renewed with the holder's leases: a replica past it no longer counts for the share.
      t.timestamp('expires_at', { useTz: true }).notNullable();
      t.primary(['connection', 'holder']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('smpp_bind_holders');
    await knex.schema.dropTable('smpp_bind_leases');
  },
};
