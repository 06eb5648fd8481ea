import type { DatabaseProvider } from '@mp/db';
import { scrapeGauge } from '@mp/telemetry';

const lag = scrapeGauge('consumer_lag_events', 'Events on a topic a consumer group has not yet consumed (embedded event log; read when scraped)', ['consumer_group', 'topic']);

/**
 * Consumer lag of the embedded event log, read on scrape: for each group's
 * offset on a topic, how many events on that topic lie beyond it (one row per
 * group and topic, each counted over the log's (topic, log_offset) index).
 * On Kafka the brokers hold the offsets and lag is read from them
 * (docs/operations.md). The embedded log's tables live in its own schema.
 */
export function measureEmbeddedLogLag(databases: DatabaseProvider): () => void {
  const log = databases.forSchema('eventlog');
  return lag.addSource(async () => {
    const result = await log.raw<{ rows: Array<{ consumer_group: string; topic: string; lag: string | number }> }>(
      `select o.consumer_group, o.topic,
              (select count(*) from events e where e.topic = o.topic and e.log_offset > o.log_offset) as lag
         from consumer_offsets o`,
    );
    return result.rows.map((row) => ({ labels: { consumer_group: row.consumer_group, topic: row.topic }, value: Number(row.lag) }));
  });
}
