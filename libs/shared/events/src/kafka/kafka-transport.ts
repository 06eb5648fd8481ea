import { Kafka, logLevel as LogLevel, type Admin, type KafkaConfig, type Producer, type TopicMessages } from 'kafkajs';
import type { EventEnvelope } from '../event-envelope';
import type { ConsumerLag, EventsLogger, EventTransport, SubscribeOptions, Subscription } from '../event-transport';
import { assertSubscription } from '../internal/validate';
import { kafkaLogCreator, type KafkaLogSink } from './kafka-log-creator';
import { KafkaSubscription } from './kafka-subscription';
import { toKafkaMessage } from './kafka-message';

export interface KafkaTransportOptions {
  brokers: string[];
  clientId: string;
  /** kafkajs' own log level (default ERROR: its INFO/WARN output is noise for the services). */
  logLevel?: LogLevel;
  /** Partitions/replicas for topics created by ensureTopics (default -1: the broker's defaults). */
  numPartitions?: number;
  replicationFactor?: number;
  /** Also where kafkajs' own entries go (its logCreator), in the same shape as the platform's lines. */
  logger?: EventsLogger & KafkaLogSink;
  /**
   * How long the group waits for a silent member before rebalancing (kafkajs default 30 s). A
   * member that stops without leaving (a crash, a killed pod) holds its partitions that long, and a
   * new member joining meanwhile waits for it.
   */
  sessionTimeoutMs?: number;
}

// A failed publish is retried by the outbox relay on its next pass, so kafkajs need not retry forever.
const PRODUCER_RETRY = { retries: 5, initialRetryTime: 100 };

export function createKafkaTransport(options: KafkaTransportOptions): EventTransport {
  return new KafkaTransport(options);
}

class KafkaTransport implements EventTransport {
  private readonly kafka: Kafka;
  private readonly kafkaConfig: KafkaConfig;
  private readonly logger: NonNullable<KafkaTransportOptions['logger']>;
  private readonly subscriptions = new Set<KafkaSubscription>();
  private producer?: Promise<Producer>;
  private admin?: Promise<Admin>;
  private closing?: Promise<void>;

  constructor(private readonly options: KafkaTransportOptions) {
    if (options.brokers.length === 0) throw new Error('createKafkaTransport: brokers must not be empty');
    this.kafkaConfig = {
      clientId: options.clientId,
      brokers: options.brokers,
      logLevel: options.logLevel ?? LogLevel.ERROR,
      ...(options.logger ? { logCreator: kafkaLogCreator(options.logger) } : {}),
    };
    this.kafka = new Kafka(this.kafkaConfig);
    this.logger = options.logger ?? console;
    this.sessionTimeoutMs = options.sessionTimeoutMs;
  }

  private readonly sessionTimeoutMs?: number;

  async publish(events: EventEnvelope[]): Promise<void> {
    this.assertOpen();
    if (events.length === 0) return;
    const producer = await this.connectedProducer();
    // One request for the whole batch, messages in their original order: with a single request in
    // flight, order per partition (i.e. per key) is preserved even across retries.
    const byTopic = new Map<string, TopicMessages>();
    for (const event of events) {
      let entry = byTopic.get(event.topic);
      if (!entry) byTopic.set(event.topic, (entry = { topic: event.topic, messages: [] }));
      entry.messages.push(toKafkaMessage(event));
    }
    await producer.sendBatch({ acks: -1, topicMessages: [...byTopic.values()] });
  }

  async subscribe(options: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    assertSubscription(options.group, options.topics);
    const subscription = new KafkaSubscription((socketFactory) => new Kafka({ ...this.kafkaConfig, socketFactory }), options, this.logger, () => this.subscriptions.delete(subscription), this.sessionTimeoutMs);
    this.subscriptions.add(subscription);
    const { signal } = options;
    signal?.throwIfAborted();
    const abandon = () => void subscription.stop();
    signal?.addEventListener('abort', abandon, { once: true });
    try {
      await subscription.start();
    } finally {
      signal?.removeEventListener('abort', abandon);
    }
    return subscription;
  }

  /** Per group and topic: the partitions' high watermarks less the group's committed offsets (the low watermark where none is). */
  async consumerLag(): Promise<ConsumerLag[]> {
    const subscribed = [...this.subscriptions].map((s) => s.subscribed);
    if (subscribed.length === 0) return [];
    const admin = await this.connectedAdmin();
    const ends = new Map<string, Array<{ partition: number; high: string; low: string }>>();
    for (const topic of new Set(subscribed.flatMap((s) => s.topics))) ends.set(topic, await admin.fetchTopicOffsets(topic));
    const lags: ConsumerLag[] = [];
    for (const { group, topics } of subscribed) {
      for (const { topic, partitions } of await admin.fetchOffsets({ groupId: group, topics })) {
        const committed = new Map(partitions.map((p) => [p.partition, Number(p.offset)]));
        let lag = 0;
        for (const end of ends.get(topic) ?? []) {
          const at = committed.get(end.partition) ?? -1;
          lag += Math.max(0, Number(end.high) - (at >= 0 ? at : Number(end.low)));
        }
        lags.push({ consumerGroup: group, topic, lag });
      }
    }
    return lags;
  }

  async ensureTopics(topics: string[]): Promise<void> {
    this.assertOpen();
    const admin = await this.connectedAdmin();
    const existing = new Set(await admin.listTopics());
    const missing = [...new Set(topics)].filter((t) => !existing.has(t));
    if (missing.length === 0) return;
    try {
      // Resolves false (no error) when another process created them first.
      await admin.createTopics({
        topics: missing.map((topic) => ({
          topic,
          numPartitions: this.options.numPartitions ?? -1,
          replicationFactor: this.options.replicationFactor ?? -1,
        })),
        waitForLeaders: true,
      });
    } catch (error) {
      if (!isNoControllerError(error)) throw error;
      // Clusters that advertise no controller (librdkafka's mock) cannot take CreateTopics; a
      // metadata request auto-creates the topics there when the broker allows it.
      await admin.fetchTopicMetadata({ topics: missing });
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      const results = await Promise.allSettled([
        ...[...this.subscriptions].map((s) => s.stop()),
        this.producer?.then((p) => p.disconnect()),
        this.admin?.then((a) => a.disconnect()),
      ]);
      const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
      if (failed) this.logger.error('kafka: error while closing', { error: String(failed.reason) });
    })();
    return this.closing;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error('The event transport is closed');
  }

  private connectedProducer(): Promise<Producer> {
    this.producer ??= this.connectProducer().catch((error: unknown) => {
      this.producer = undefined; // let the next publish try again
      throw error;
    });
    return this.producer;
  }

  private async connectProducer(): Promise<Producer> {
    const idempotent = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1, retry: PRODUCER_RETRY });
    try {
      await idempotent.connect();
      return idempotent;
    } catch (error) {
      if (!isNoControllerError(error)) throw error;
      await idempotent.disconnect().catch(() => undefined);
    }
    // kafkajs asks the controller for a producer id; without one (librdkafka's mock) fall back to
    // acks=all with one request in flight: still ordered, duplicates on retry are deduped downstream.
    (this.logger.warn ?? this.logger.error).call(this.logger, 'kafka: cluster has no controller, producing without idempotence');
    const plain = this.kafka.producer({ maxInFlightRequests: 1, retry: PRODUCER_RETRY });
    await plain.connect();
    return plain;
  }

  private connectedAdmin(): Promise<Admin> {
    this.admin ??= (async () => {
      const admin = this.kafka.admin();
      await admin.connect();
      return admin;
    })().catch((error: unknown) => {
      this.admin = undefined;
      throw error;
    });
    return this.admin;
  }
}

function isNoControllerError(error: unknown): boolean {
  for (let e = error as { name?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.name === 'KafkaJSBrokerNotFound') return true;
  }
  return false;
}
