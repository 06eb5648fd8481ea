export { parseEnvelope, type EventEnvelope } from './event-envelope';
export type { EventTransport, EventsLogger, SubscribeOptions, Subscription } from './event-transport';
export { createKafkaTransport, type KafkaTransportOptions } from './kafka/kafka-transport';
export { createEmbeddedLogTransport, type EmbeddedLogTransportOptions } from './embedded-log/embedded-log-transport';
export { eventTablesMigration } from './event-tables-migration';
export { enqueueEvent, enqueueEventIfInserted, enqueueEvents, type OutboxEvent } from './outbox/enqueue-event';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay';
export { startIdempotentConsumer, type ConsumerOptions, type ConsumerSteps } from './consumer/idempotent-consumer';
export { listenAsReplica, replicaGroup, type ReplicaListener } from './replica-listener';
