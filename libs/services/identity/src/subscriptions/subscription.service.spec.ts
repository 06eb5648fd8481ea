import { randomUUID } from 'node:crypto';
import { identityEvents, providerCallbackEvents, TOPICS } from '@mp/contracts';
import type { EventEnvelope } from '@mp/events';
import { consumeOnce, type EventConsumer } from '@mp/service-host';
import { as, codeOf, outboxEvents, signUp, startIdentity, type IdentityHarness } from '../testing/identity-harness';
import { SUBSCRIPTION_CONSUMER_GROUP } from './subscription.consumer';

let h: IdentityHarness;
let consumer: EventConsumer<unknown>;

beforeAll(async () => {
  h = await startIdentity();
  consumer = h.parts.consumers!.find((c) => c.group === SUBSCRIPTION_CONSUMER_GROUP)!;
});
afterAll(() => h.close());

const update = (accountId: string, subscriptionStatus: string, occurredAt = new Date().toISOString(), providerEventId = `evt_${randomUUID()}`): EventEnvelope => ({
  id: randomUUID(),
  type: 'PaymentSubscriptionUpdated',
  version: 1,
  topic: TOPICS.billing,
  key: accountId,
  occurredAt,
  payload: providerCallbackEvents.PaymentSubscriptionUpdated.toJSON({ providerEventId, accountId, subscriptionStatus, occurredAt }),
});
/** As the host runs it: prepared, then applied in a transaction with calls to other services refused. */
const consume = (event: EventEnvelope) => consumeOnce(h.db, consumer, event);
const account = (accountId: string) => h.db('accounts').where({ id: accountId }).first();
const changes = async (accountId: string) =>
  (await outboxEvents(h, 'SubscriptionChanged', accountId)).map((e) => identityEvents.SubscriptionChanged.fromJSON(e.payload));
const standing = async (accountId: string) => (await h.handlers.getSendingStanding({ accountId }, as())).subscriptionActive;
const at = (seconds: number) => new Date(Date.UTC(2026, 9, 20, 10, 0, seconds)).toISOString();

describe('payment subscription events (identity consumer)', () => {
  it('listens to billing.events', () => {
    expect(consumer.topics).toEqual([TOPICS.billing]);
  });

  it('ends the subscription on canceled or past_due, restores it on active, announcing each change', async () => {
    const { accountId, principal } = await signUp(h);
    expect(await standing(accountId)).toBe(true);

    await consume(update(accountId, 'canceled', at(1)));
    expect(await account(accountId)).toMatchObject({ subscription_status: 'canceled', subscription_updated_at: new Date(at(1)) });
    expect(await standing(accountId)).toBe(false);
    expect((await h.handlers.getAccount({ accountId }, as(principal))).subscriptionStatus).toBe('canceled');

    await consume(update(accountId, 'active', at(2)));
    expect(await standing(accountId)).toBe(true);
    await consume(update(accountId, 'past_due', at(3)));
    expect(await standing(accountId)).toBe(false);
    await consume(update(accountId, 'trialing', at(4)));
    expect(await standing(accountId)).toBe(true);

    expect(await changes(accountId)).toEqual([
      { accountId, status: 'canceled' },
      { accountId, status: 'active' },
      { accountId, status: 'past_due' },
      { accountId, status: 'trialing' },
    ]);
    const [envelope] = await outboxEvents(h, 'SubscriptionChanged', accountId);
    expect(envelope).toMatchObject({ topic: TOPICS.identity, key: accountId });
  });

  it('ignores an event older than the last applied one', async () => {
    const { accountId } = await signUp(h);
    await consume(update(accountId, 'past_due', at(10)));
    await consume(update(accountId, 'active', at(5)));
    expect(await account(accountId)).toMatchObject({ subscription_status: 'past_due', subscription_updated_at: new Date(at(10)) });
    // The same second is not older: Stripe's times are whole seconds.
    await consume(update(accountId, 'active', at(10)));
    expect((await account(accountId)).subscription_status).toBe('active');
    expect((await changes(accountId)).map((c) => c.status)).toEqual(['past_due', 'active']);
  });

  it('announces nothing when the status does not change', async () => {
    const { accountId } = await signUp(h);
    await consume(update(accountId, 'trialing', at(1)));
    expect(await account(accountId)).toMatchObject({ subscription_status: 'trialing', subscription_updated_at: new Date(at(1)) });
    expect(await changes(accountId)).toEqual([]);
  });

  it('records a status it does not know as canceled: only active and trialing allow sending', async () => {
    const { accountId } = await signUp(h);
    await consume(update(accountId, 'something_new', at(1)));
    expect((await account(accountId)).subscription_status).toBe('canceled');
    expect(await standing(accountId)).toBe(false);
    await consume(update(accountId, 'unpaid', at(2)));
    expect((await account(accountId)).subscription_status).toBe('unpaid');
  });

  it('applies each processor event once, whether provider-callback or billing.events brings it first', async () => {
    const { accountId } = await signUp(h);
    const providerCallback = as({ kind: 'service', accountId: '', service: 'provider-callback' });
    const cancel = { providerEventId: `evt_${randomUUID()}`, accountId, subscriptionStatus: 'canceled', occurredAt: at(20) };
    expect(await h.handlers.applySubscriptionUpdate(cancel, providerCallback)).toEqual({ changed: true });
    expect(await standing(accountId)).toBe(false);
    await consume(update(accountId, 'active', at(20)));
    // The cancellation again, by either path and of the same second, does not undo the later reactivation.
    await consume(update(accountId, 'canceled', at(20), cancel.providerEventId));
    expect(await h.handlers.applySubscriptionUpdate(cancel, providerCallback)).toEqual({ changed: false });
    expect(await standing(accountId)).toBe(true);
    expect((await changes(accountId)).map((c) => c.status)).toEqual(['canceled', 'active']);
  });

  it('takes the call only from provider-callback', async () => {
    const { accountId, principal } = await signUp(h);
    const request = { providerEventId: `evt_${randomUUID()}`, accountId, subscriptionStatus: 'canceled', occurredAt: at(1) };
    expect(await codeOf(h.handlers.applySubscriptionUpdate(request, as({ kind: 'service', accountId: '', service: 'messaging' })))).toBe('FORBIDDEN');
    expect(await codeOf(h.handlers.applySubscriptionUpdate(request, as(principal)))).toBe('FORBIDDEN');
    expect(await standing(accountId)).toBe(true);
  });

  it('ignores an unknown or malformed account, and other event types, changing nothing', async () => {
    const { accountId } = await signUp(h);
    const before = await h.db('accounts').select('id', 'subscription_status', 'updated_at').orderBy('id');
    const outboxBefore = (await h.db('outbox').count({ n: '*' }))[0].n;
    await consume(update(randomUUID(), 'canceled'));
    await consume(update('not-a-uuid', 'canceled'));
    await consume({ ...update(accountId, 'canceled'), type: 'InvoicePaid' });
    expect(await h.db('accounts').select('id', 'subscription_status', 'updated_at').orderBy('id')).toEqual(before);
    expect((await h.db('outbox').count({ n: '*' }))[0].n).toBe(outboxBefore);
  });
});
