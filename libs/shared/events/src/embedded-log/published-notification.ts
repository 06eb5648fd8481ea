import { randomUUID } from 'node:crypto';

/** The NOTIFY channel of publishes to the embedded log on PostgreSQL. */
export const PUBLISHED_CHANNEL = 'mp_event_log_published';

/**
 * This process, in its notifications: its own publishes already woke its
 * subscribers (publish-notifier), so a notification from it is skipped.
 */
const PROCESS = randomUUID();

/** What a publish tells other processes: which topics received events, and from where. */
export function publishedPayload(topics: Iterable<string>): string {
  return JSON.stringify({ from: PROCESS, topics: [...new Set(topics)] });
}

/** The `from` of this process's notifications, for a statement that builds the payload itself. */
export const publishedFrom = (): string => PROCESS;

/** The topics of a notification, and whether another process sent it; undefined when it is not one of ours. */
export function readPublished(payload: string): { topics: string[]; elsewhere: boolean } | undefined {
  try {
    const parsed = JSON.parse(payload) as { from?: unknown; topics?: unknown };
    if (typeof parsed.from !== 'string' || !Array.isArray(parsed.topics)) return undefined;
    return { topics: parsed.topics.filter((t): t is string => typeof t === 'string'), elsewhere: parsed.from !== PROCESS };
  } catch {
    return undefined;
  }
}
