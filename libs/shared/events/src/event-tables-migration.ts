import type { Migration } from '@mp/db';

/**
 * Tables every producing/consuming service adds to its own migration list (they are created in that
 * service's schema): outbox, processed_events, dead_letters.
 */
export const eventTablesMigration: Migration = {
  name: '00000000000000_event_tables',
  async up(knex) {
    await knex.schema.createTable('outbox', (t) => {
      t.bigIncrements('id'); // creation order: the relay publishes by ascending id
      t.text('event_id').notNullable().unique();
      t.text('topic').notNullable();
      t.text('key').notNullable();
      t.text('type').notNullable();
      t.jsonb('envelope').notNullable();
      t.timestamp('created_at', { useTz: true }).notNullable();
      // Lease taken by a relay while it publishes, so another replica does not publish the same rows.
      t.timestamp('claimed_until', { useTz: true });
      t.timestamp('published_at', { useTz: true });
    });
    // Partial indexes keep the relay's queries cheap however many published rows accumulate.
    await knex.raw('create index outbox_unpublished_idx on outbox (id) where published_at is null');
    await knex.raw('create index outbox_unpublished_key_idx on outbox (topic, key, id) where published_at is null');

    await knex.schema.createTable('processed_events', (t) => {
      t.text('consumer_group').notNullable();
      t.text('event_id').notNullable(); // text, not uuid: a foreign producer's odd id must not wedge a consumer
      t.timestamp('processed_at', { useTz: true }).notNullable();
      t.primary(['consumer_group', 'event_id']);
    });

    await knex.schema.createTable('dead_letters', (t) => {
      t.text('consumer_group').notNullable();
      t.text('event_id').notNullable();
      t.text('topic').notNullable();
      t.text('type').notNullable();
      t.jsonb('envelope').notNullable();
      t.text('error').notNullable();
      t.integer('attempts').notNullable();
      t.timestamp('dead_at', { useTz: true }).notNullable();
      t.primary(['consumer_group', 'event_id']);
    });
  },
  async down(knex) {
    await knex.schema.dropTable('dead_letters');
    await knex.schema.dropTable('processed_events');
    await knex.schema.dropTable('outbox');
  },
};
