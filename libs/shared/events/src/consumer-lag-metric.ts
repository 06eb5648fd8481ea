import { scrapeGauge } from '@mp/telemetry';
import type { EventTransport } from './event-transport';

const lag = scrapeGauge('consumer_lag_events', 'Events on a topic a consumer group has not yet consumed (read from the event transport when scraped)', ['consumer_group', 'topic']);

/**
 * Publishes the lag of every group consuming through `transport` on each
 * scrape (the embedded log's offsets table, or Kafka's committed offsets
 * against the partitions' ends); nothing is added per event. The process that
 * owns the transport calls it once; the returned function stops measuring.
 */
export function measureConsumerLag(transport: EventTransport): () => void {
  return lag.addSource(async () =>
    (await transport.consumerLag()).map((entry) => ({ labels: { consumer_group: entry.consumerGroup, topic: entry.topic }, value: entry.lag })),
  );
}
