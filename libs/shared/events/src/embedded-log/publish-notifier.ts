import { EventEmitter } from 'node:events';

/** What a publish put in the log: per topic, the event types (undefined when not told, as from an older process). */
export type PublishedTopics = ReadonlyArray<{ topic: string; types?: readonly string[] }>;

// Process-wide, so a publish wakes subscribers of the same topic immediately whichever transport
// instance they belong to; other processes sharing the database are told by NOTIFY (PostgreSQL).
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

/** Per topic, the types of `events`. */
export function publishedTopics(events: Iterable<{ topic: string; type: string }>): PublishedTopics {
  const byTopic = new Map<string, Set<string>>();
  for (const { topic, type } of events) {
    const types = byTopic.get(topic) ?? new Set<string>();
    types.add(type);
    byTopic.set(topic, types);
  }
  return [...byTopic].map(([topic, types]) => ({ topic, types: [...types] }));
}

export function notifyPublished(published: PublishedTopics): void {
  for (const { topic, types } of published) emitter.emit(topic, types);
}

/** Calls `listener` whenever one of `topics` receives events, with their types when known; returns the unsubscribe function. */
export function onPublished(topics: string[], listener: (types: readonly string[] | undefined) => void): () => void {
  for (const topic of topics) emitter.on(topic, listener);
  return () => {
    for (const topic of topics) emitter.off(topic, listener);
  };
}
