import { createHmac, randomUUID } from 'node:crypto';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { startProviderCallbackHarness, type ProviderCallbackHarness } from '../testing/provider-callback.test-harness';

const SECRET = 'sandbox-stripe-secret';
const sign = (raw: Buffer, secret = SECRET) => createHmac('sha256', secret).update(raw).digest('hex');
const stripeEvent = (type: string, object: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  Buffer.from(JSON.stringify({ id: `evt_${randomUUID()}`, type, data: { object: { object: 'subscription', ...object } }, ...extra }));
const idOf = (raw: Buffer) => JSON.parse(raw.toString()).id as string;

let h: ProviderCallbackHarness;
const ingest = (raw: Buffer, signature = sign(raw), kind = '') => h.client.ingestCallback({ provider: 'stripe', kind, rawBody: raw, signature });
/**
 * Stores an event that is announced and waits for its announcement: the relay
 * publishes in commit order, so whatever was committed before it is out by then.
 * Returns what was published before the sentinel.
 */
async function publishedBeforeSentinel(before: number) {
  const sentinel = stripeEvent('customer.subscription.updated', { status: 'active', metadata: { accountId: randomUUID() } });
  await ingest(sentinel);
  const published = await h.waitForPublished(before + 1);
  expect(published[published.length - 1]).toMatchObject({ type: 'PaymentSubscriptionUpdated', payload: expect.objectContaining({ providerEventId: idOf(sentinel) }) });
  return published.slice(0, -1);
}

beforeAll(async () => {
  h = await startProviderCallbackHarness();
});
afterAll(() => h.close());

describe('stripe subscription events', () => {
  it('announce PaymentSubscriptionUpdated on billing.events, keyed by account, once per event id', async () => {
    const accountId = randomUUID();
    const raw = stripeEvent('customer.subscription.updated', { status: 'past_due', metadata: { accountId } }, { created: 1_800_000_000 });
    const before = h.published.length;

    await expect(ingest(raw)).resolves.toEqual({ accepted: true, eventId: idOf(raw) });
    await expect(ingest(raw)).resolves.toEqual({ accepted: false, eventId: idOf(raw) });
    const published = await publishedBeforeSentinel(before + 1);
    expect(published).toHaveLength(before + 1);
    const event = published[before];
    expect(event).toMatchObject({ topic: TOPICS.billing, key: accountId, type: 'PaymentSubscriptionUpdated' });
    expect(providerCallbackEvents.PaymentSubscriptionUpdated.fromJSON(event.payload)).toEqual({
      providerEventId: idOf(raw),
      accountId,
      subscriptionStatus: 'past_due',
      occurredAt: new Date(1_800_000_000_000).toISOString(),
    });
    expect(await h.db('provider_events').where({ provider: 'stripe', event_id: idOf(raw) })).toHaveLength(1);
  });

  it('announce a deletion as canceled, timed by the clock when the event has no `created`', async () => {
    const accountId = randomUUID();
    const raw = stripeEvent('customer.subscription.deleted', { status: 'active', metadata: { accountId } });
    const before = h.published.length;
    await ingest(raw);
    const event = (await h.waitForPublished(before + 1))[before];
    const payload = providerCallbackEvents.PaymentSubscriptionUpdated.fromJSON(event.payload);
    expect(payload).toMatchObject({ providerEventId: idOf(raw), accountId, subscriptionStatus: 'canceled' });
    expect(Number.isNaN(Date.parse(payload.occurredAt))).toBe(false);
  });

  it('store, but do not announce, events that name no account, other event types and Connect events', async () => {
    const before = h.published.length;
    const storedBefore = (await h.db('provider_events').count({ n: '*' }))[0].n;
    const noAccount = stripeEvent('customer.subscription.deleted', { metadata: { accountId: 'acct-1' } });
    const noStatus = stripeEvent('customer.subscription.updated', { metadata: { accountId: randomUUID() } });
    const otherType = stripeEvent('invoice.paid', { metadata: { accountId: randomUUID() } });
    const connect = stripeEvent('customer.subscription.deleted', { metadata: { accountId: randomUUID() } });
    for (const raw of [noAccount, noStatus, otherType]) await expect(ingest(raw)).resolves.toEqual({ accepted: true, eventId: idOf(raw) });
    await expect(ingest(connect, sign(connect), 'connect')).resolves.toEqual({ accepted: true, eventId: idOf(connect) });
    expect(await publishedBeforeSentinel(before)).toHaveLength(before);
    expect(Number((await h.db('provider_events').count({ n: '*' }))[0].n)).toBe(Number(storedBefore) + 5); // the four, and the sentinel
  });

  it('are applied by identity, then noted to messaging, before the answer; a repeat is applied again (identity keeps it once)', async () => {
    const accountId = randomUUID();
    const raw = stripeEvent('customer.subscription.deleted', { status: 'canceled', metadata: { accountId } }, { created: 1_800_000_100 });
    const expected = { providerEventId: idOf(raw), accountId, subscriptionStatus: 'canceled', occurredAt: new Date(1_800_000_100_000).toISOString() };
    const [applied, noted] = [h.standingCalls.applied.length, h.standingCalls.noted.length];
    await ingest(raw);
    expect(h.standingCalls.applied.slice(applied)).toEqual([expected]);
    expect(h.standingCalls.noted.slice(noted)).toEqual([accountId]);
    await expect(ingest(raw)).resolves.toEqual({ accepted: false, eventId: idOf(raw) });
    expect(h.standingCalls.applied.slice(applied)).toEqual([expected, expected]);
  });

  it('fail the callback when identity cannot apply it, keep it announced, and apply it when the processor retries', async () => {
    const accountId = randomUUID();
    const raw = stripeEvent('customer.subscription.updated', { status: 'past_due', metadata: { accountId } });
    const applied = h.standingCalls.applied.length;
    h.standingCalls.identityDown = true;
    try {
      await expect(ingest(raw)).rejects.toMatchObject({ code: 'EXTERNAL_SERVICE_ERROR' });
    } finally {
      h.standingCalls.identityDown = false;
    }
    // Stored and announced all the same: billing.events applies it even if the processor never retries.
    await h.waitForEvent((e) => e.type === 'PaymentSubscriptionUpdated' && e.key === accountId);
    await expect(ingest(raw)).resolves.toEqual({ accepted: false, eventId: idOf(raw) });
    expect(h.standingCalls.applied.slice(applied)).toEqual([expect.objectContaining({ providerEventId: idOf(raw), accountId, subscriptionStatus: 'past_due' })]);
  });

  it('ask identity nothing for events that name no account, other event types and Connect events', async () => {
    const [applied, noted] = [h.standingCalls.applied.length, h.standingCalls.noted.length];
    const connect = stripeEvent('customer.subscription.deleted', { status: 'canceled', metadata: { accountId: randomUUID() } });
    await ingest(stripeEvent('customer.subscription.deleted', { metadata: { accountId: 'acct-1' } }));
    await ingest(stripeEvent('invoice.paid', { status: 'paid', metadata: { accountId: randomUUID() } }));
    await ingest(connect, sign(connect), 'connect');
    expect([h.standingCalls.applied.length, h.standingCalls.noted.length]).toEqual([applied, noted]);
  });

  it('refuse a bad signature: nothing stored, nothing announced', async () => {
    const raw = stripeEvent('customer.subscription.deleted', { metadata: { accountId: randomUUID() } });
    const before = h.published.length;
    await expect(ingest(raw, sign(raw, 'not-the-secret'))).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await expect(ingest(raw, '')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await publishedBeforeSentinel(before)).toHaveLength(before);
    expect(await h.db('provider_events').where({ event_id: idOf(raw) })).toHaveLength(0);
  });
});
