import type { Clock } from '@mp/clock';
import type { Knex } from 'knex';

const PURGE_BATCH = 1000;

/**
 * What no receipt or inbound message can need any more, deleted after
 * `retentionMs` (a batch per table a pass): handled deliver_sm, parts recorded
 * that long ago (an SMSC's validity period is at most days; Jasmin keeps its
 * DLR map one day), and outcomes provider-callback has. Pending rows stay.
 */
export async function purgeHandled(deps: { db: Knex; clock: Clock }, retentionMs: number): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - retentionMs);
  const oldest = (table: string, key: string[], column: string, where: (q: Knex.QueryBuilder) => Knex.QueryBuilder) =>
    deps.db(table).whereIn(key, where(deps.db(table).select(key).where(column, '<', before)).limit(PURGE_BATCH)).delete();
  const deliveries = await oldest('smpp_deliveries', ['id'], 'received_at', (q) => q.whereNotNull('handled_at'));
  const parts = await oldest('smpp_parts', ['connection', 'smsc_message_id'], 'recorded_at', (q) => q);
  const outcomes = await oldest('smpp_outcomes', ['reference'], 'occurred_at', (q) => q.whereNotNull('announced_at'));
  return deliveries + parts + outcomes;
}
