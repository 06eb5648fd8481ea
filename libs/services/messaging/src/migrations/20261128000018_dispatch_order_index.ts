import type { Migration } from '@mp/db';

/**
 * The dispatch claim (dispatch.repository.ts) in its own order, per channel
 * queue: a pass reads queued messages urgent first, then the longest waiting,
 * and stops at its batch. With only the due index it sorted every due message
 * of the backlog to take one batch (9 ms a pass at a backlog of 10,000, growing
 * with it; docs/benchmarks.md).
 */
export const dispatchOrderIndexMigration: Migration = {
  name: '20261128000018_dispatch_order_index',
  async up(knex) {
    await knex.raw(
      `create index messages_dispatch_order_idx on messages
         (channel_type, (case when priority = 'Urgent' then 0 else 1 end), (coalesce(send_at, created_at)), created_at, id)
         where status = 'queued'`,
    );
  },
  async down(knex) {
    await knex.raw(`drop index messages_dispatch_order_idx`);
  },
};
