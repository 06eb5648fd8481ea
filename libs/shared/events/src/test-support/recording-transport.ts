import type { EventEnvelope } from '../event-envelope';
import type { EventTransport, SubscribeOptions, Subscription } from '../event-transport';

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

  /** Hands an event to the (single) subscriber, as a broker delivery would. */
  deliver(event: EventEnvelope): Promise<void> {
    const [subscription] = this.subscriptions;
    if (!subscription) throw new Error('nobody subscribed');
    return subscription.handler(event);
  }

  async ensureTopics(): Promise<void> {}
  async close(): Promise<void> {}
}
