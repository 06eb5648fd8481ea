import { EVENT_TYPES, TOPICS, messagingEvents } from './index';

describe('contracts', () => {
  it('every event type goes to a known topic', () => {
    const topics = new Set<string>(Object.values(TOPICS));
    for (const { topic } of Object.values(EVENT_TYPES)) expect(topics.has(topic)).toBe(true);
  });

  it('event payloads round-trip through their JSON form', () => {
    const event = messagingEvents.MessageLifecycleEvent.fromPartial({
      messageId: 'm1',
      accountId: 'a1',
      channelType: 'Sms',
      previousState: 'queued',
      state: 'dispatched',
    });
    const json = messagingEvents.MessageLifecycleEvent.toJSON(event);
    expect(messagingEvents.MessageLifecycleEvent.fromJSON(json)).toEqual(event);
  });
});
