import { scrapeGauge } from '@mp/telemetry';
import type { Knex } from 'knex';

const backlog = scrapeGauge('outbox_backlog_events', 'Events committed to a service outbox and not yet published (counted when scraped)', ['service']);
const oldestAge = scrapeGauge('outbox_oldest_unpublished_age_seconds', 'Age of the oldest unpublished outbox event; 0 when none wait', ['service']);
const deadLetters = scrapeGauge('consumer_dead_letters', 'Events a consumer group gave up on and parked in its dead letters (counted when scraped)', ['service', 'consumer_group']);

/** The service a schema's knex belongs to (its search path): one schema per service. */
export function schemaOf(db: Knex): string {
  const searchPath = (db.client as { config?: { searchPath?: string | string[] } }).config?.searchPath;
  return (Array.isArray(searchPath) ? searchPath[0] : searchPath) ?? 'public';
}

/**
 * Measures a service's event tables on each scrape: the outbox backlog and
 * its oldest event (the relay's partial index keeps both cheap however many
 * published rows there are) and the dead letters per consumer group. Nothing
 * is added per event. The returned function stops measuring.
 */
export function measureEventTables(db: Knex, service = schemaOf(db)): () => void {
  const removals = [
    backlog.addSource(async () => {
      const row = await db('outbox').whereNull('published_at').count<{ count: string | number }[]>({ count: '*' }).first();
      return [{ labels: { service }, value: Number(row?.count ?? 0) }];
    }),
    oldestAge.addSource(async () => {
      const row = await db('outbox').whereNull('published_at').min<{ oldest: Date | string | null }[]>({ oldest: 'created_at' }).first();
      const oldest = row?.oldest ? new Date(row.oldest).getTime() : undefined;
      return [{ labels: { service }, value: oldest === undefined ? 0 : Math.max(0, (Date.now() - oldest) / 1000) }];
    }),
    deadLetters.addSource(async () => {
      const rows = await db('dead_letters').groupBy('consumer_group').select('consumer_group').count<Array<{ consumer_group: string; count: string | number }>>({ count: '*' });
      return rows.map((row) => ({ labels: { service, consumer_group: row.consumer_group }, value: Number(row.count) }));
    }),
  ];
  return () => removals.forEach((remove) => remove());
}
