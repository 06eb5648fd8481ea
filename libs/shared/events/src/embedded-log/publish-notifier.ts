import { EventEmitter } from 'node:events';

// Process-wide, so a publish wakes subscribers of the same topic immediately whichever transport
// instance they belong to; other processes sharing the database fall back to polling.
const emitter = new EventEmitter();
emitter.setMaxListeners(0);

export function notifyPublished(topics: Iterable<string>): void {
  for (const topic of new Set(topics)) emitter.emit(topic);
}

/** Calls `listener` whenever one of `topics` receives events; returns the unsubscribe function. */
export function onPublished(topics: string[], listener: () => void): () => void {
  for (const topic of topics) emitter.on(topic, listener);
  return () => {
    for (const topic of topics) emitter.off(topic, listener);
  };
}
