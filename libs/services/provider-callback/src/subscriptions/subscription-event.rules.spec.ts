import { readSubscriptionEvent } from './subscription-event.rules';

const accountId = '6f1c2b7e-4d3a-4b8e-9f10-2a3b4c5d6e7f';
const event = (type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ id: 'evt_1', type, data: { object }, ...extra });

describe('readSubscriptionEvent', () => {
  it('reads the account, the status and the event time of an update', () => {
    expect(readSubscriptionEvent(event('customer.subscription.updated', { status: 'past_due', metadata: { accountId } }, { created: 1_800_000_000 }))).toEqual({
      kind: 'update',
      update: { accountId, subscriptionStatus: 'past_due', occurredAt: new Date(1_800_000_000_000) },
    });
    expect(readSubscriptionEvent(event('customer.subscription.created', { status: 'active', metadata: { accountId: accountId.toUpperCase() } }))).toEqual({
      kind: 'update',
      update: { accountId, subscriptionStatus: 'active', occurredAt: undefined },
    });
  });

  it('reads a deletion as canceled, whatever status it carries', () => {
    const reading = readSubscriptionEvent(event('customer.subscription.deleted', { status: 'active', metadata: { accountId } }));
    expect(reading).toMatchObject({ kind: 'update', update: { subscriptionStatus: 'canceled' } });
  });

  it('leaves other event types alone', () => {
    expect(readSubscriptionEvent(event('invoice.paid', { metadata: { accountId } }))).toEqual({ kind: 'not-a-subscription-event' });
    expect(readSubscriptionEvent({ id: 'evt_2' })).toEqual({ kind: 'not-a-subscription-event' });
  });

  it.each([
    ['no metadata', { status: 'active' }],
    ['an accountId that is not a uuid', { status: 'active', metadata: { accountId: 'a-1' } }],
    ['an accountId that is not a string', { status: 'active', metadata: { accountId: 42 } }],
    ['no status', { metadata: { accountId } }],
    ['an empty status', { status: ' ', metadata: { accountId } }],
  ])('finds a subscription event with %s unusable', (_, object) => {
    expect(readSubscriptionEvent(event('customer.subscription.updated', object))).toMatchObject({ kind: 'unusable' });
  });

  it('finds an event without data unusable, and ignores a created time that is not a positive number', () => {
    expect(readSubscriptionEvent({ id: 'evt_3', type: 'customer.subscription.deleted' })).toMatchObject({ kind: 'unusable' });
    const reading = readSubscriptionEvent(event('customer.subscription.deleted', { metadata: { accountId } }, { created: '2026-01-01' }));
    expect(reading).toMatchObject({ kind: 'update', update: { occurredAt: undefined } });
  });
});
