import { createHmac, randomUUID } from 'node:crypto';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { startProviderCallbackHarness, type ProviderCallbackHarness } from '../testing/provider-callback.test-harness';

const sign = (secret: string, raw: Buffer) => createHmac('sha256', secret).update(raw).digest('hex');
const receipt = (overrides: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({
      eventId: randomUUID(),
      carrierMessageId: `sim-${randomUUID()}`,
      reference: `${randomUUID()}:1`,
      status: 'delivered',
      occurredAt: '2026-10-20T10:00:01.000Z',
      ...overrides,
    }),
  );

let h: ProviderCallbackHarness;
const ingest = (raw: Buffer, signature: string, provider = 'sim', kind = 'receipts') => h.client.ingestCallback({ provider, kind, rawBody: raw, signature });
const carrierEvents = () => h.db('carrier_events').select('*');

beforeAll(async () => {
  h = await startProviderCallbackHarness();
});
afterAll(() => h.close());

describe('IngestCallback: carrier receipts', () => {
  it('stores a well-signed receipt and publishes CarrierReceiptReceived keyed by message id, once', async () => {
    const messageId = randomUUID();
    const raw = receipt({ reference: `${messageId}:2`, status: 'undelivered', errorCode: '30003' });
    const eventId = JSON.parse(raw.toString()).eventId as string;

    await expect(ingest(raw, sign('sandbox-sim-secret', raw))).resolves.toEqual({ accepted: true, eventId });
    const [event] = await h.waitForPublished(1);
    expect(event).toMatchObject({ topic: TOPICS.carrierReceipts, key: messageId, type: 'CarrierReceiptReceived' });
    expect(providerCallbackEvents.CarrierReceiptReceived.fromJSON(event.payload)).toEqual({
      providerEventId: eventId,
      carrier: 'sim',
      carrierMessageId: JSON.parse(raw.toString()).carrierMessageId,
      messageId,
      attempt: 2,
      status: 'undelivered',
      errorCode: '30003',
      occurredAt: '2026-10-20T10:00:01.000Z',
    });

    // The same callback again: answered, not stored or published again.
    await expect(ingest(raw, sign('sandbox-sim-secret', raw))).resolves.toEqual({ accepted: false, eventId });
    const later = receipt();
    await ingest(later, sign('sandbox-sim-secret', later));
    // `later` is the sentinel: the relay publishes in commit order, so anything the duplicate enqueued would come before it.
    const events = await h.waitForPublished(2);
    expect(events.map((e) => (e.payload as { providerEventId: string }).providerEventId)).toEqual([eventId, JSON.parse(later.toString()).eventId]);
    expect((await carrierEvents()).filter((r) => r.event_id === eventId)).toHaveLength(1);
  });

  it('stores a batch of receipts in one go and publishes each new one once, in the batch order', async () => {
    const items = [0, 1, 2].map(() => JSON.parse(receipt().toString()) as { eventId: string; reference: string });
    const published = h.published.length;
    const first = Buffer.from(JSON.stringify({ receipts: items.slice(0, 2) }));
    await expect(ingest(first, sign('sandbox-sim-secret', first))).resolves.toEqual({ accepted: true, eventId: items[0].eventId });
    // A batch that repeats one receipt (a carrier's retry grouped differently) and carries one twice: each stored and announced once.
    const second = Buffer.from(JSON.stringify({ receipts: [items[1], items[2], items[2]] }));
    await expect(ingest(second, sign('sandbox-sim-secret', second))).resolves.toEqual({ accepted: true, eventId: items[1].eventId });
    await expect(ingest(second, sign('sandbox-sim-secret', second))).resolves.toEqual({ accepted: false, eventId: items[1].eventId });
    const sentinel = receipt();
    await ingest(sentinel, sign('sandbox-sim-secret', sentinel));
    await h.waitForPublished(published + 4);
    const events = h.published.slice(published);
    expect(events.map((e) => (e.payload as { providerEventId: string }).providerEventId)).toEqual([...items.map((i) => i.eventId), JSON.parse(sentinel.toString()).eventId]);
    expect(events[2]).toMatchObject({ topic: TOPICS.carrierReceipts, key: items[2].reference.split(':')[0], type: 'CarrierReceiptReceived' });
    const stored = await carrierEvents();
    expect(items.map((i) => stored.filter((r) => r.event_id === i.eventId).length)).toEqual([1, 1, 1]);
  });

  it('refuses a batch with one bad receipt as INVALID_INPUT and stores none of it', async () => {
    const good = JSON.parse(receipt().toString()) as { eventId: string };
    const raw = Buffer.from(JSON.stringify({ receipts: [good, { ...good, eventId: randomUUID(), status: 'read' }] }));
    const before = (await carrierEvents()).length;
    const published = h.published.length;
    await expect(ingest(raw, sign('sandbox-sim-secret', raw))).rejects.toMatchObject({ code: 'INVALID_INPUT', status: 400, detail: expect.stringContaining('receipts[1].status') });
    const tooMany = Buffer.from(JSON.stringify({ receipts: Array.from({ length: 101 }, () => JSON.parse(receipt().toString())) }));
    await expect(ingest(tooMany, sign('sandbox-sim-secret', tooMany))).rejects.toMatchObject({ code: 'INVALID_INPUT', detail: expect.stringContaining('1 to 100') });
    expect(await carrierEvents()).toHaveLength(before);
    expect(h.published).toHaveLength(published);
  });

  it('refuses a wrong or missing signature with UNAUTHORIZED and stores nothing', async () => {
    const raw = receipt();
    const before = (await carrierEvents()).length;
    await expect(ingest(raw, sign('not-the-secret', raw))).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await expect(ingest(raw, '')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // Signed over other bytes than those received.
    await expect(ingest(raw, sign('sandbox-sim-secret', Buffer.from(raw.toString() + ' ')))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    expect(await carrierEvents()).toHaveLength(before);
  });

  it('refuses an unknown provider, and one without a configured secret', async () => {
    const raw = receipt();
    await expect(ingest(raw, sign('sandbox-sim-secret', raw), 'acme')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(ingest(raw, sign('', raw), 'tcr', '')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers INVALID_INPUT for malformed JSON or bad fields, after the signature check', async () => {
    const broken = Buffer.from('{"eventId": "e-1", ');
    await expect(ingest(broken, sign('sandbox-sim-secret', broken))).rejects.toMatchObject({ code: 'INVALID_INPUT', status: 400 });
    await expect(ingest(broken, 'f'.repeat(64))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const badReference = receipt({ reference: 'no-attempt' });
    await expect(ingest(badReference, sign('sandbox-sim-secret', badReference))).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      detail: expect.stringContaining('reference'),
    });
  });
});

describe('IngestCallback: other providers and kinds', () => {
  it('stores stripe events once by their id, publishing nothing', async () => {
    const raw = Buffer.from(JSON.stringify({ id: 'evt_123', type: 'customer.subscription.deleted', data: { object: { metadata: { accountId: 'a-1' } } } }));
    const published = h.published.length;
    await expect(ingest(raw, sign('sandbox-stripe-secret', raw), 'stripe', '')).resolves.toEqual({ accepted: true, eventId: 'evt_123' });
    await expect(ingest(raw, sign('sandbox-stripe-secret', raw), 'stripe', '')).resolves.toEqual({ accepted: false, eventId: 'evt_123' });
    const rows = await h.db('provider_events').where({ provider: 'stripe', event_id: 'evt_123' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: '', event_type: 'customer.subscription.deleted', raw_body: raw.toString() });
    // A sentinel that is announced (on billing.events): once it is published, so would anything stored before it.
    const sentinel = Buffer.from(JSON.stringify({ id: `evt_${randomUUID()}`, type: 'customer.subscription.updated', data: { object: { object: 'subscription', status: 'active', metadata: { accountId: randomUUID() } } } }));
    await ingest(sentinel, sign('sandbox-stripe-secret', sentinel), 'stripe', '');
    await h.waitForPublished(published + 1);
    expect(h.published.map((e) => (e.payload as { providerEventId: string }).providerEventId)).toEqual([
      ...h.published.slice(0, published).map((e) => (e.payload as { providerEventId: string }).providerEventId),
      JSON.parse(sentinel.toString()).id,
    ]);
  });

  it('refuses an unknown kind and a provider event without an id', async () => {
    const raw = Buffer.from(JSON.stringify({ eventId: 'in-1', from: '+15557654321', to: '+15550000001', body: 'STOP' }));
    await expect(ingest(raw, sign('sandbox-sim-secret', raw), 'sim', 'status')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    const noId = Buffer.from('{"type":"x"}');
    await expect(ingest(noId, sign('sandbox-stripe-secret', noId), 'stripe', '')).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
