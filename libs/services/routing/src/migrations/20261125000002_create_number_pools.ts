import type { Migration } from '@mp/db';

/**
 * Number pools (spec 2.9, 4.5). A number is in at most one pool (unique
 * number_id of the members). `rotation` holds the RoundRobin position per
 * channel (jsonb `{ "Sms": 4 }`), moved under the pool row's lock;
 * `pool_sticky_senders` remembers, for Sticky pools, the number each
 * recipient last heard from.
 */
export const createNumberPools: Migration = {
  name: '20261125000002_create_number_pools',
  async up(knex) {
    await knex.schema.createTable('number_pools', (t) => {
      t.text('pool_id').primary();
      t.text('account_id').notNullable();
      // Null: an account-level pool (account-level sends).
      t.text('subaccount_id');
      t.text('name').notNullable();
      t.text('strategy').notNullable();
      t.jsonb('rotation').notNullable().defaultTo('{}');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['account_id', 'subaccount_id'], 'number_pools_scope_idx');
    });
    await knex.schema.createTable('number_pool_members', (t) => {
      t.text('pool_id').notNullable().references('pool_id').inTable('number_pools').onDelete('CASCADE');
      t.text('number_id').notNullable().references('number_id').inTable('numbers');
      // Rotation order: as the numberIds were given.
      t.integer('position').notNullable();
      t.primary(['pool_id', 'number_id']);
      t.unique(['number_id'], { indexName: 'number_pool_members_number_uq' });
    });
    await knex.schema.createTable('pool_sticky_senders', (t) => {
      t.text('pool_id').notNullable().references('pool_id').inTable('number_pools').onDelete('CASCADE');
      t.text('recipient').notNullable();
      t.text('number_id').notNullable();
      t.timestamp('chosen_at', { useTz: true }).notNullable();
      t.primary(['pool_id', 'recipient']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('pool_sticky_senders');
    await knex.schema.dropTable('number_pool_members');
    await knex.schema.dropTable('number_pools');
  },
};
