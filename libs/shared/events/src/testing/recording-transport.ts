import type { EventEnvelope } from '../event-envelope';
import type { ConsumerLag, EventTransport, SubscribeOptions, Subscription } from '../event-transport';

/**
 * In-memory transport for relay and consumer specs: records what is published and lets the spec
 * deliver events (including duplicates) straight to a subscriber's handler.
 */
export class RecordingTransport implements EventTransport {
  readonly published: EventEnvelope[] = [];
  readonly subscriptions: SubscribeOptions[] = [];
  /** When set, publish() calls it first (to fail or to observe concurrency). */
  beforePublish?: (events: EventEnvelope[]) => Promise<void> | void;

  async publish(events: EventEnvelope[]): Promise<void> {
    await this.beforePublish?.(events);
    this.published.push(...events);
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.subscriptions.push(options);
    return { stop: async () => undefined };
  }

  /** Hands an event to a subscriber (the first by default), as a broker delivery would. */
  deliver(event: EventEnvelope, index = 0): Promise<void> {
    return this.deliverBatch([event], index);
  }

  /** Hands consecutive events to a subscriber at once: as one batch when it takes batches, else one by one. */
  async deliverBatch(events: EventEnvelope[], index = 0): Promise<void> {
    const subscription = this.subscriptions[index];
    if (!subscription) throw new Error('nobody subscribed');
    if ('batchHandler' in subscription) return subscription.batchHandler(events);
    for (const event of events) await subscription.handler(event);
  }

  async ensureTopics(): Promise<void> {}
  /** Nothing is consumed here: handlers run as events are published. */
  async consumerLag(): Promise<ConsumerLag[]> {
    return [];
  }
  async close(): Promise<void> {}
}
