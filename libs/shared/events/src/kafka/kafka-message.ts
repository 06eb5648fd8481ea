import type { IHeaders, Message } from 'kafkajs';
import { parseEnvelope, type EventEnvelope } from '../event-envelope';

/**
 * Envelope → Kafka message. The key is the envelope key, so all events of one entity land on one
 * partition (Kafka's unit of ordering); the headers duplicate routing fields so tools and other
 * consumers can filter without parsing the JSON value.
 */
export function toKafkaMessage(event: EventEnvelope): Message {
  const headers: IHeaders = {
    'event-id': event.id,
    'event-type': event.type,
    'event-version': String(event.version),
  };
  if (event.traceparent) headers['traceparent'] = event.traceparent;
  const occurredAt = Date.parse(event.occurredAt);
  return {
    key: event.key,
    value: JSON.stringify(event),
    headers,
    ...(Number.isNaN(occurredAt) ? {} : { timestamp: String(occurredAt) }),
  };
}

/** Kafka message value → envelope; throws for anything that is not a valid envelope. */
export function fromKafkaValue(value: Buffer | null): EventEnvelope {
  if (!value) throw new Error('Kafka message has no value');
  return parseEnvelope(value.toString('utf8'));
}
