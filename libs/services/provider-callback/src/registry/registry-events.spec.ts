import { createHmac, randomUUID } from 'node:crypto';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { SECRETS, startProviderCallbackHarness, type ProviderCallbackHarness } from '../testing/provider-callback.test-harness';

const TCR = 'sandbox-tcr-secret';
const sign = (raw: Buffer, secret = TCR) => createHmac('sha256', secret).update(raw).digest('hex');
const tcrEvent = (fields: Record<string, unknown> = {}) =>
  Buffer.from(
    JSON.stringify({
      eventId: randomUUID(),
      eventType: 'BRAND_IDENTITY_STATUS_UPDATE',
      occurredAt: '2026-12-10T10:00:30.000Z',
      brandId: 'BQ3F9K2',
      brandReferenceId: randomUUID(),
      brandName: 'Acme',
      brandIdentityStatus: 'VERIFIED',
      description: 'verified',
      mock: true,
      ...fields,
    }),
  );
const idOf = (raw: Buffer) => JSON.parse(raw.toString()).eventId as string;

let h: ProviderCallbackHarness;
const ingest = (raw: Buffer, signature = sign(raw), provider = 'tcr', kind = '') => h.client.ingestCallback({ provider, kind, rawBody: raw, signature });
const tcrRows = () => h.db('provider_events').where({ provider: 'tcr' });

beforeAll(async () => {
  h = await startProviderCallbackHarness({ ...SECRETS, CALLBACK_SECRET_TCR: TCR });
});
afterAll(() => h.close());

describe('registry (tcr) callbacks', () => {
  it('store a brand status update once and announce RegistryBrandStatusUpdated on registry.events, keyed by brand', async () => {
    const raw = tcrEvent({ brandId: 'BABC123' });
    await expect(ingest(raw)).resolves.toEqual({ accepted: true, eventId: idOf(raw) });
    await expect(ingest(raw)).resolves.toEqual({ accepted: false, eventId: idOf(raw) });
    const event = await h.waitForEvent((e) => e.topic === TOPICS.registry && (e.payload as { providerEventId: string }).providerEventId === idOf(raw));
    expect(event).toMatchObject({ key: 'BABC123', type: 'RegistryBrandStatusUpdated' });
    expect(providerCallbackEvents.RegistryBrandStatusUpdated.fromJSON(event.payload)).toEqual({
      providerEventId: idOf(raw),
      registry: 'tcr',
      registryBrandId: 'BABC123',
      brandReferenceId: JSON.parse(raw.toString()).brandReferenceId,
      identityStatus: 'VERIFIED',
      description: 'verified',
      occurredAt: '2026-12-10T10:00:30.000Z',
      mock: true,
    });
    const rows = (await tcrRows()).filter((r) => r.event_id === idOf(raw));
    expect(rows).toEqual([expect.objectContaining({ kind: '', event_type: 'BRAND_IDENTITY_STATUS_UPDATE', raw_body: raw.toString() })]);
    // The repeat enqueued nothing: a sentinel published after it is the next registry event.
    const sentinel = tcrEvent();
    await ingest(sentinel);
    await h.waitForEvent((e) => (e.payload as { providerEventId?: string }).providerEventId === idOf(sentinel));
    expect(h.published.filter((e) => (e.payload as { providerEventId?: string }).providerEventId === idOf(raw))).toHaveLength(1);
  });

  it('store campaign events and brand updates without a brand or status, announcing nothing', async () => {
    const campaign = tcrEvent({ eventType: 'CAMPAIGN_DCA_COMPLETE', campaignId: 'CX1Y2Z3' });
    const noBrand = tcrEvent({ brandId: '' });
    const noStatus = tcrEvent({ brandIdentityStatus: undefined });
    for (const raw of [campaign, noBrand, noStatus]) await expect(ingest(raw)).resolves.toMatchObject({ accepted: true });
    const sentinel = tcrEvent();
    await ingest(sentinel);
    await h.waitForEvent((e) => (e.payload as { providerEventId?: string }).providerEventId === idOf(sentinel));
    const announced = new Set(h.published.map((e) => (e.payload as { providerEventId?: string }).providerEventId));
    for (const raw of [campaign, noBrand, noStatus]) expect(announced.has(idOf(raw))).toBe(false);
    expect((await tcrRows()).map((r) => r.event_id)).toEqual(expect.arrayContaining([campaign, noBrand, noStatus].map(idOf)));
  });

  it('refuse a missing, wrong or other-provider signature and a re-serialised body: 401, nothing stored', async () => {
    const raw = tcrEvent();
    const before = (await tcrRows()).length;
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString()), null, 2));
    for (const [body, signature] of [
      [raw, ''],
      [raw, sign(raw, 'not-the-secret')],
      [raw, sign(raw, 'sandbox-stripe-secret')],
      [reserialised, sign(raw)],
    ] as const) {
      await expect(ingest(body, signature)).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    }
    expect(await tcrRows()).toHaveLength(before);
  });
});

describe('stripe connect callbacks', () => {
  const connectEvent = () =>
    Buffer.from(JSON.stringify({ id: `evt_${randomUUID()}`, type: 'account.updated', account: 'acct_1Nv0FGQ9RKHgCVdK', data: { object: { id: 'acct_1Nv0FGQ9RKHgCVdK', charges_enabled: true } } }));
  const connectRows = () => h.db('provider_events').where({ provider: 'stripe', kind: 'connect' });

  it('are stored once per event id under kind connect, verified with the stripe secret when no connect secret is set', async () => {
    const raw = connectEvent();
    const id = JSON.parse(raw.toString()).id;
    await expect(ingest(raw, sign(raw, 'sandbox-stripe-secret'), 'stripe', 'connect')).resolves.toEqual({ accepted: true, eventId: id });
    await expect(ingest(raw, sign(raw, 'sandbox-stripe-secret'), 'stripe', 'connect')).resolves.toEqual({ accepted: false, eventId: id });
    expect((await connectRows()).filter((r) => r.event_id === id)).toEqual([expect.objectContaining({ event_type: 'account.updated' })]);
  });

  it('use CALLBACK_SECRET_STRIPE_CONNECT when it is set, and only it', async () => {
    const own = await startProviderCallbackHarness({ ...SECRETS, CALLBACK_SECRET_STRIPE_CONNECT: 'whsec_connect' });
    try {
      const raw = connectEvent();
      const call = (signature: string, kind = 'connect') => own.client.ingestCallback({ provider: 'stripe', kind, rawBody: raw, signature });
      await expect(call(sign(raw, 'sandbox-stripe-secret'))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(call(sign(raw, 'whsec_connect'), '')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
      await expect(call(sign(raw, 'whsec_connect'))).resolves.toMatchObject({ accepted: true });
      expect(await own.db('provider_events').where({ provider: 'stripe', kind: 'connect' })).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('refuse a missing, wrong or re-serialised signature: 401, nothing stored', async () => {
    const raw = connectEvent();
    const before = (await connectRows()).length;
    const reserialised = Buffer.from(JSON.stringify(JSON.parse(raw.toString())) + '\n');
    for (const [body, signature] of [
      [raw, ''],
      [raw, sign(raw, 'wrong')],
      [reserialised, sign(raw, 'sandbox-stripe-secret')],
    ] as const) {
      await expect(ingest(body, signature, 'stripe', 'connect')).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await connectRows()).toHaveLength(before);
  });
});
