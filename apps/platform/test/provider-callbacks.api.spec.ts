import { createHmac, randomUUID } from 'node:crypto';
import { ApiClient } from './support/api-client';
import { signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'callbacks');
});

const sign = (raw: string, secret = 'sandbox-sim-secret') => createHmac('sha256', secret).update(raw).digest('hex');
const receipts = '/v1/webhooks/carriers/sim/receipts';
/** The carrier events recorded for one callback: on the shared platform other suites' receipts keep arriving. */
const carrierEvents = (eventId: string) => countRows(booted.platform, 'provider_callback', 'carrier_events', { event_id: eventId });

describe('signed carrier callbacks', () => {
  it('refuses a missing or wrong signature with 401 and processes nothing', async () => {
    const eventId = randomUUID();
    const raw = JSON.stringify({ eventId, carrierMessageId: 'c1', reference: `${randomUUID()}:1`, status: 'delivered', occurredAt: new Date().toISOString() });
    const missing = await api.post(receipts, { rawBody: raw, headers: { 'content-type': 'application/json' } });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('UNAUTHORIZED');
    const wrong = await api.post(receipts, { rawBody: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(raw, 'not-the-secret') } });
    expect(wrong.status).toBe(401);
    // The signature covers the exact bytes: re-serialising the body breaks it.
    const altered = await api.post(receipts, { rawBody: raw + ' ', headers: { 'content-type': 'application/json', 'x-signature': sign(raw) } });
    expect(altered.status).toBe(401);
    // Nothing of it recorded.
    expect(await carrierEvents(eventId)).toBe(0);
  });

  it('processes a repeated receipt once', async () => {
    await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent('+14155550150')}`, { token: user.accessToken, body: { outcome: 'no-receipt' } });
    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { to: '+14155550150', body: 'hello' } });
    expect(sent.status).toBe(201);
    const dispatched = await waitForStatus(api, user, sent.body.messageId, ['dispatched']);
    expect(dispatched.body.status).toBe('dispatched');

    const eventId = randomUUID();
    const raw = JSON.stringify({
      eventId,
      carrierMessageId: 'sim-manual',
      reference: `${sent.body.messageId}:1`,
      status: 'delivered',
      occurredAt: new Date().toISOString(),
    });
    for (let i = 0; i < 3; i++) {
      const res = await api.post(receipts, { rawBody: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(raw) } });
      expect(res.status).toBe(200);
    }
    expect(await carrierEvents(eventId)).toBe(1);
    const delivered = await waitForStatus(api, user, sent.body.messageId, ['delivered']);
    expect(delivered.body.auditTrail.filter((a: { toStatus: string }) => a.toStatus === 'delivered')).toHaveLength(1);
  });
});

/** Every refused callback answers the same problem, whatever was wrong, and nothing is processed. */
function expectUnauthorized(res: { status: number; headers: Headers; body: Record<string, unknown> }): void {
  expect(res.status).toBe(401);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status: 401, code: 'UNAUTHORIZED', detail: 'The callback signature is missing or invalid.', traceId: expect.any(String) });
}

const post = (path: string, raw: string, signature?: string) =>
  api.post(path, { rawBody: raw, headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'x-signature': signature }) } });
/** The same JSON written another way: same meaning, other bytes. */
const reserialise = (raw: string) => JSON.stringify(JSON.parse(raw), null, 2);

describe('signed 10DLC registry callbacks (POST /v1/webhooks/tcr)', () => {
  const TCR = 'sandbox-tcr-secret';
  const tcrRows = (where: Record<string, unknown> = {}) => countRows(booted.platform, 'provider_callback', 'provider_events', { provider: 'tcr', ...where });
  const statusUpdates = (where: Record<string, unknown> = {}) => countRows(booted.platform, 'tendlc', 'registry_status_updates', where);
  /** A registry status update shaped like TCR's webhook events, at `occurredAt`. */
  const brandUpdate = (registryBrandId: string, status: string, occurredAt: string, brandReferenceId?: string) =>
    JSON.stringify({
      eventId: randomUUID(),
      eventType: 'BRAND_IDENTITY_STATUS_UPDATE',
      occurredAt,
      brandId: registryBrandId,
      brandReferenceId,
      brandName: 'Callback Co',
      brandIdentityStatus: status,
      description: 'set by the test',
      mock: true,
    });
  const inAnHour = async () => new Date(Date.parse((await api.get('/v1/sandbox/clock')).body.now) + 3600_000).toISOString();

  async function registeredBrand() {
    const res = await api.post('/v1/tendlc/brands', {
      token: user.accessToken,
      body: {
        entityType: 'PRIVATE_PROFIT',
        displayName: 'Callback Co',
        companyName: 'Callback Co LLC',
        ein: '12-3456789',
        einIssuingCountry: 'US',
        email: 'ops@callback.example',
        phone: '+14155550100',
        street: '1 Market St',
        city: 'San Francisco',
        state: 'CA',
        postalCode: '94105',
        country: 'US',
        website: 'https://callback.example',
        vertical: 'TECHNOLOGY',
      },
    });
    expect(res.status).toBe(201);
    return res.body as { brandId: string; registryBrandId: string };
  }

  it('refuses a missing, wrong or other-provider signature and a re-serialised body with 401, processing nothing', async () => {
    const raw = brandUpdate('BNOSUCH', 'VERIFIED', await inAnHour());
    const eventId = JSON.parse(raw).eventId as string;
    expectUnauthorized(await post('/v1/webhooks/tcr', raw));
    expectUnauthorized(await post('/v1/webhooks/tcr', raw, sign(raw, 'not-the-secret')));
    expectUnauthorized(await post('/v1/webhooks/tcr', raw, sign(raw, 'sandbox-stripe-secret')));
    expectUnauthorized(await post('/v1/webhooks/tcr', reserialise(raw), sign(raw, TCR)));
    // Counted by its own event id: on the shared platform the sandbox registry's callbacks for other suites keep arriving.
    expect(await tcrRows({ event_id: eventId })).toBe(0);
    expect(await statusUpdates({ provider_event_id: eventId })).toBe(0);
  });

  it("processes a repeated event once: stored once, the brand's status moved once", async () => {
    const brand = await registeredBrand();
    const raw = brandUpdate(brand.registryBrandId, 'VETTED_VERIFIED', await inAnHour(), brand.brandId);
    const eventId = JSON.parse(raw).eventId as string;
    for (let i = 0; i < 3; i++) {
      const res = await post('/v1/webhooks/tcr', raw, sign(raw, TCR));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
    }
    expect(await tcrRows({ event_id: eventId })).toBe(1);
    const vetted = await waitFor(
      () => api.get(`/v1/tendlc/brands/${brand.brandId}`, { token: user.accessToken }),
      (r) => r.body.status === 'VETTED_VERIFIED',
      { what: 'the brand vetted' },
    );
    expect(vetted.body.statusUpdatedAt).toBe(JSON.parse(raw).occurredAt);
    expect(await statusUpdates({ provider_event_id: eventId })).toBe(1);
    expect(await statusUpdates({ provider_event_id: eventId, outcome: 'applied', brand_id: brand.brandId })).toBe(1);
  });

  it('records and ignores an update naming an unknown brand (200: the registry stops retrying)', async () => {
    const raw = brandUpdate(`BX${randomUUID().slice(0, 5).toUpperCase()}`, 'VERIFIED', await inAnHour(), randomUUID());
    const eventId = JSON.parse(raw).eventId as string;
    const res = await post('/v1/webhooks/tcr', raw, sign(raw, TCR));
    expect(res.status).toBe(200);
    await waitFor(() => statusUpdates({ provider_event_id: eventId, outcome: 'unknown_brand' }), (n) => n === 1, { what: 'the update recorded' });
  });

  it('answers a well-signed body that is not JSON with 400 INVALID_INPUT, storing nothing', async () => {
    const raw = '{"eventId": "e-1", ';
    const res = await post('/v1/webhooks/tcr', raw, sign(raw, TCR));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_INPUT', status: 400 });
    expect(await tcrRows({ event_id: 'e-1' })).toBe(0);
  });
});

describe('signed Stripe Connect callbacks (POST /v1/webhooks/stripe/connect)', () => {
  const connectRows = (where: Record<string, unknown> = {}) => countRows(booted.platform, 'provider_callback', 'provider_events', { provider: 'stripe', kind: 'connect', ...where });
  const accountUpdated = () =>
    JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      type: 'account.updated',
      account: 'acct_1Nv0FGQ9RKHgCVdK',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: 'acct_1Nv0FGQ9RKHgCVdK', object: 'account', charges_enabled: true, payouts_enabled: false } },
    });

  it('refuses a missing or wrong signature and a re-serialised body with 401, storing nothing', async () => {
    const raw = accountUpdated();
    const id = JSON.parse(raw).id as string;
    expectUnauthorized(await post('/v1/webhooks/stripe/connect', raw));
    expectUnauthorized(await post('/v1/webhooks/stripe/connect', raw, sign(raw, 'not-the-secret')));
    expectUnauthorized(await post('/v1/webhooks/stripe/connect', reserialise(raw), sign(raw, 'sandbox-stripe-secret')));
    expect(await connectRows({ event_id: id })).toBe(0);
  });

  it('stores a connected-account event once however often it is posted, and acknowledges each post', async () => {
    const raw = accountUpdated();
    const id = JSON.parse(raw).id as string;
    for (let i = 0; i < 3; i++) {
      const res = await post('/v1/webhooks/stripe/connect', raw, sign(raw, 'sandbox-stripe-secret'));
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ received: true });
    }
    expect(await connectRows({ event_id: id, event_type: 'account.updated' })).toBe(1);
    // Not taken for a platform payment event.
    expect(await countRows(booted.platform, 'provider_callback', 'provider_events', { provider: 'stripe', kind: '', event_id: id })).toBe(0);
  });
});
