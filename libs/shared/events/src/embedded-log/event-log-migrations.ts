import type { Migration } from '@mp/db';

export const EVENT_LOG_SCHEMA = 'eventlog';

/** Tables of the embedded log; the transport migrates them itself on first use. */
export const eventLogMigrations: Migration[] = [
  {
    name: '00000000000000_event_log',
    async up(knex) {
      // One global sequence gives a total order; consumers keep an offset per (group, topic) into it.
      await knex.schema.createTable('events', (t) => {
        t.bigIncrements('log_offset');
        t.text('topic').notNullable();
        t.text('key').notNullable();
        t.text('event_id').notNullable();
        t.jsonb('envelope').notNullable();
        t.timestamp('appended_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.index(['topic', 'log_offset']);
      });
      await knex.schema.createTable('consumer_offsets', (t) => {
        t.text('consumer_group').notNullable();
        t.text('topic').notNullable();
        // Last offset whose handler succeeded; 0 = nothing consumed yet.
        t.bigInteger('log_offset').notNullable();
        t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
        t.primary(['consumer_group', 'topic']);
      });
    },
    async down(knex) {
      await knex.schema.dropTable('consumer_offsets');
      await knex.schema.dropTable('events');
    },
  },
];
