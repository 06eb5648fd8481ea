import type { EventEnvelope } from './event-envelope';

export interface Subscription {
  /** Stops consuming; resolves once the handler call in flight (if any) has finished. */
  stop(): Promise<void>;
}

export interface SubscribeOptions {
  /** Consumer group: every group receives every event of its topics. */
  group: string;
  topics: string[];
  /**
   * Called once per event, in order per key. An error is retried (with backoff) until it succeeds or
   * the subscription stops; the offset is committed only after success.
   */
  handler: (event: EventEnvelope) => Promise<void>;
  /** Where a group without a committed offset starts: the oldest event (true) or new events only. */
  fromBeginning?: boolean;
}

export interface EventTransport {
  /** Resolves once durably written; order is kept per topic and key. */
  publish(events: EventEnvelope[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Creates missing topics (existing ones are left alone). */
  ensureTopics(topics: string[]): Promise<void>;
  /** Stops every subscription and releases connections. Idempotent. */
  close(): Promise<void>;
}

export interface EventsLogger {
  error(...args: unknown[]): void;
}
