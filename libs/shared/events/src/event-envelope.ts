export interface EventEnvelope<P = unknown> {
  /** uuid, unique per event; consumers deduplicate on it */
  id: string;
  /** e.g. 'MessageAccepted' */
  type: string;
  /** schema version of payload, starts at 1 */
  version: number;
  /** e.g. 'messaging.events' */
  topic: string;
  /** partition key: the entity whose order matters (e.g. messageId) */
  key: string;
  /** ISO-8601 */
  occurredAt: string;
  /** W3C trace context of the producing request */
  traceparent?: string;
  /** JSON-serialisable */
  payload: P;
}

/**
 * Checks what arrives from the wire before handing it to a handler: a malformed message must not
 * reach code that dedupes on `id` or routes on `type`.
 */
export function parseEnvelope(value: unknown): EventEnvelope {
  const candidate = (typeof value === 'string' ? JSON.parse(value) : value) as Partial<EventEnvelope> | null;
  if (typeof candidate !== 'object' || candidate === null) throw new Error('Event envelope is not an object');
  for (const field of ['id', 'type', 'topic', 'key', 'occurredAt'] as const) {
    if (typeof candidate[field] !== 'string' || candidate[field] === '') {
      throw new Error(`Event envelope has no ${field}`);
    }
  }
  if (!Number.isInteger(candidate.version) || (candidate.version as number) < 1) {
    throw new Error('Event envelope has no valid version');
  }
  if (!('payload' in candidate)) throw new Error('Event envelope has no payload');
  if (candidate.traceparent !== undefined && typeof candidate.traceparent !== 'string') {
    throw new Error('Event envelope traceparent is not a string');
  }
  return candidate as EventEnvelope;
}
