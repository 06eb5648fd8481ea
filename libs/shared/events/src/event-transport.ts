import type { Knex } from 'knex';
import type { EventEnvelope } from './event-envelope';

export interface Subscription {
  /** Stops consuming; resolves once the handler call in flight (if any) has finished. */
  stop(): Promise<void>;
}

interface SubscribeBase {
  /** Consumer group: every group receives every event of its topics. */
  group: string;
  topics: string[];
  /** Where a group without a committed offset starts: the oldest event (true) or new events only. */
  fromBeginning?: boolean;
  /**
   * The event types the subscriber acts on, when it passes over the others: a transport may leave
   * a publish of only other types for its next poll instead of fetching at once. Every event is
   * still delivered, in order.
   */
  eventTypes?: readonly string[];
  /**
   * Aborting it while subscribe() is still pending (a consumer-group join can take a session
   * timeout) stops the subscription and makes subscribe() reject, so a stopping process need not
   * wait for a join it no longer wants.
   */
  signal?: AbortSignal;
}

export type SubscribeOptions = SubscribeBase &
  (
    | {
        /**
         * Called once per event, in order per key. An error is retried (with backoff) until it succeeds or
         * the subscription stops; the offset is committed only after success.
         */
        handler: (event: EventEnvelope) => Promise<void>;
      }
    | {
        /**
         * Called with up to maxBatchSize consecutive events (in order per key); retried as a whole like
         * `handler`, and the offsets of the whole batch are committed only after it succeeded.
         */
        batchHandler: (events: EventEnvelope[]) => Promise<void>;
        maxBatchSize: number;
      }
  );

/** Both delivery forms as one: a transport hands over batches of at most maxSize events. */
export interface BatchDelivery {
  maxSize: number;
  handle(events: EventEnvelope[]): Promise<void>;
}

export function batchDelivery(options: SubscribeOptions): BatchDelivery {
  if ('batchHandler' in options) return { maxSize: Math.max(1, Math.floor(options.maxBatchSize)), handle: options.batchHandler };
  const { handler } = options;
  return { maxSize: 1, handle: (events) => handler(events[0]) };
}

/** Events on a topic its consumer group has not yet committed past. */
export interface ConsumerLag {
  consumerGroup: string;
  topic: string;
  lag: number;
}

export interface EventTransport {
  /** Resolves once durably written; order is kept per topic and key. */
  publish(events: EventEnvelope[]): Promise<void>;
  subscribe(options: SubscribeOptions): Promise<Subscription>;
  /** Creates missing topics (existing ones are left alone). */
  ensureTopics(topics: string[]): Promise<void>;
  /**
   * For each group and topic subscribed through this transport, how many events
   * lie beyond the group's committed position (the backlog a metric watches).
   */
  consumerLag(): Promise<ConsumerLag[]>;
  /** Stops every subscription and releases connections. Idempotent. */
  close(): Promise<void>;
  /**
   * Moves committed rows of an outbox kept in the log's own database straight
   * into the log: claimed, appended and marked published in one statement.
   * Answers how many moved, or undefined for an outbox elsewhere (then the
   * relay claims, publishes and marks). Absent where the log is not in the
   * database (Kafka).
   */
  relayOutbox?(outbox: Knex, limit: number): Promise<number | undefined>;
}

export interface EventsLogger {
  error(...args: unknown[]): void;
}
