import { randomUUID } from 'node:crypto';
import type { PublishedTopics } from './publish-notifier';

/** The NOTIFY channel of publishes to the embedded log on PostgreSQL. */
export const PUBLISHED_CHANNEL = 'mp_event_log_published';

/**
 * This process, in its notifications: its own publishes already woke its
 * subscribers (publish-notifier), so a notification from it is skipped.
 */
const PROCESS = randomUUID();

/** What a publish tells other processes: which topics received events of which types, and from where. */
export function publishedPayload(published: PublishedTopics): string {
  return JSON.stringify({
    from: PROCESS,
    topics: published.map((p) => p.topic),
    types: Object.fromEntries(published.map((p) => [p.topic, p.types])),
  });
}

/** The `from` of this process's notifications, for a statement that builds the payload itself. */
export const publishedFrom = (): string => PROCESS;

/**
 * The topics (and their event types, when the notification names them) of a notification, and
 * whether another process sent it; undefined when it is not one of ours.
 */
export function readPublished(payload: string): { published: PublishedTopics; elsewhere: boolean } | undefined {
  try {
    const parsed = JSON.parse(payload) as { from?: unknown; topics?: unknown; types?: unknown };
    if (typeof parsed.from !== 'string' || !Array.isArray(parsed.topics)) return undefined;
    const types = typeof parsed.types === 'object' && parsed.types !== null ? (parsed.types as Record<string, unknown>) : {};
    const typesOf = (topic: string) => {
      const named = types[topic];
      return Array.isArray(named) ? named.filter((t): t is string => typeof t === 'string') : undefined;
    };
    const topics = parsed.topics.filter((t): t is string => typeof t === 'string');
    return { published: topics.map((topic) => ({ topic, types: typesOf(topic) })), elsewhere: parsed.from !== PROCESS };
  } catch {
    return undefined;
  }
}
