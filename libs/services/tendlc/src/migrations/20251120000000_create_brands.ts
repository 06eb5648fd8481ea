import type { Migration } from '@mp/db';

/** 10DLC brand registrations (spec 4.8); the registry's statuses arrive by callback later. */
export const createBrands: Migration = {
  name: '20251120000000_create_brands',
  formerName: '001_create_brands',
  async up(knex) {
    await knex.schema.createTable('brands', (t) => {
      t.uuid('id').primary();
      t.uuid('account_id').notNullable();
      t.text('display_name').notNullable();
      t.text('status').notNullable().defaultTo('pending');
      // The RegisterTenDlcBrandRequest as received (its fields are not in the spec).
      t.jsonb('request').notNullable().defaultTo('{}');
      t.timestamp('created_at', { useTz: true }).notNullable();
      t.timestamp('updated_at', { useTz: true }).notNullable();
      t.index(['account_id', 'created_at'], 'brands_account_idx');
    });
  },
  async down(knex) {
    await knex.schema.dropTable('brands');
  },
};
