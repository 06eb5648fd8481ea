/**
 * Event names an endpoint subscribes to (spec 6.1). `AllMessageEvents` is the
 * documented name of the all-message-events group: every message lifecycle
 * event, `MessageExpired` included. `MessageReceived` and the two consent
 * events are separate subscriptions that the group does not include.
 */
export const MESSAGE_EVENT_TYPES = [
  'MessageAccepted',
  'MessageDelivered',
  'MessageFailed',
  'MessageRejected',
  'MessageDeadLettered',
  'MessageExpired',
] as const;
export const SEPARATE_EVENT_TYPES = ['MessageReceived', 'RecipientOptedOut', 'RecipientOptedIn'] as const;
export const ALL_MESSAGE_EVENTS = 'AllMessageEvents';

export type WebhookEventType = (typeof MESSAGE_EVENT_TYPES)[number] | (typeof SEPARATE_EVENT_TYPES)[number];
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = [...MESSAGE_EVENT_TYPES, ...SEPARATE_EVENT_TYPES];
const SUBSCRIBABLE = new Set<string>([...WEBHOOK_EVENT_TYPES, ALL_MESSAGE_EVENTS]);
const MESSAGE_EVENTS = new Set<string>(MESSAGE_EVENT_TYPES);

export const isWebhookEventType = (name: string): name is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(name);

/**
 * The canonical form of a `subscribedEvents` value (trimmed names, in the
 * order given, no repeats), or the problem with it for people.
 */
export function parseSubscribedEvents(value: string): { events: string } | { problem: string } {
  const names = value.split(',').map((name) => name.trim());
  if (names.every((name) => name === '')) return { problem: 'must name at least one event' };
  if (names.some((name) => name === '')) return { problem: 'has an empty name between commas' };
  const unknown = names.filter((name) => !SUBSCRIBABLE.has(name));
  if (unknown.length > 0) {
    return { problem: `names unknown events (${[...new Set(unknown)].join(', ')}); known: ${[...SUBSCRIBABLE].join(', ')}` };
  }
  return { events: [...new Set(names)].join(',') };
}

/** Whether an endpoint with these (canonical) subscriptions gets an event of this type. */
export function subscribesTo(subscribedEvents: string, eventType: string): boolean {
  const names = subscribedEvents.split(',');
  return names.includes(eventType) || (MESSAGE_EVENTS.has(eventType) && names.includes(ALL_MESSAGE_EVENTS));
}
