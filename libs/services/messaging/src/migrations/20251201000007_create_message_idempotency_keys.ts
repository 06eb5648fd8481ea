import type { Migration } from '@mp/db';

/**
 * One row per (account, Idempotency-Key): the primary key is what makes two
 * racing sends with the same key produce one message. The row outlives its
 * 24-hour window and is replaced in place when the key is used again after
 * it, which a unique index on messages could not allow.
 */
export const createMessageIdempotencyKeysMigration: Migration = {
  name: '20251201000007_create_message_idempotency_keys',
  async up(knex) {
    await knex.schema.createTable('message_idempotency_keys', (t) => {
      t.text('account_id').notNullable();
      t.text('idempotency_key').notNullable();
      // sha256 of the request as it would be sent: same key, other request is a conflict.
      t.text('fingerprint').notNullable();
      t.uuid('message_id').notNullable();
      t.timestamp('first_seen_at', { useTz: true }).notNullable();
      t.primary(['account_id', 'idempotency_key']);
    });
    // Deferred: the key is claimed before the message row is written in the same transaction.
    await knex.raw(`alter table message_idempotency_keys add constraint message_idempotency_keys_message_fk
      foreign key (message_id) references messages (id) on delete cascade deferrable initially deferred`);
  },
  async down(knex) {
    await knex.schema.dropTable('message_idempotency_keys');
  },
};
