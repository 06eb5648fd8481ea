import { createHmac, randomUUID } from 'node:crypto';
import { ApiClient } from './support/api-client';
import { signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

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
const carrierEvents = () => countRows(booted.platform, 'provider_callback', 'carrier_events');

describe('signed carrier callbacks', () => {
  it('refuses a missing or wrong signature with 401 and processes nothing', async () => {
    const raw = JSON.stringify({ eventId: randomUUID(), carrierMessageId: 'c1', reference: `${randomUUID()}:1`, status: 'delivered', occurredAt: new Date().toISOString() });
    const before = await carrierEvents();
    const missing = await api.post(receipts, { rawBody: raw, headers: { 'content-type': 'application/json' } });
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('UNAUTHORIZED');
    const wrong = await api.post(receipts, { rawBody: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(raw, 'not-the-secret') } });
    expect(wrong.status).toBe(401);
    // The signature covers the exact bytes: re-serialising the body breaks it.
    const altered = await api.post(receipts, { rawBody: raw + ' ', headers: { 'content-type': 'application/json', 'x-signature': sign(raw) } });
    expect(altered.status).toBe(401);
    expect(await carrierEvents()).toBe(before);
  });

  it('processes a repeated receipt once', async () => {
    await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent('+14155550150')}`, { token: user.accessToken, body: { outcome: 'no-receipt' } });
    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { to: '+14155550150', body: 'hello' } });
    expect(sent.status).toBe(201);
    const dispatched = await waitForStatus(api, user, sent.body.messageId, ['dispatched']);
    expect(dispatched.body.status).toBe('dispatched');

    const raw = JSON.stringify({
      eventId: randomUUID(),
      carrierMessageId: 'sim-manual',
      reference: `${sent.body.messageId}:1`,
      status: 'delivered',
      occurredAt: new Date().toISOString(),
    });
    const before = await carrierEvents();
    for (let i = 0; i < 3; i++) {
      const res = await api.post(receipts, { rawBody: raw, headers: { 'content-type': 'application/json', 'x-signature': sign(raw) } });
      expect(res.status).toBe(200);
    }
    expect(await carrierEvents()).toBe(before + 1);
    const delivered = await waitForStatus(api, user, sent.body.messageId, ['delivered']);
    expect(delivered.body.auditTrail.filter((a: { toStatus: string }) => a.toStatus === 'delivered')).toHaveLength(1);
  });
});
