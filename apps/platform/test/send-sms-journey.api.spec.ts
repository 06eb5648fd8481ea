import { ApiClient } from './support/api-client';
import { sandboxNumber, signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'journey');
});

describe('a newcomer sends an SMS end to end', () => {
  it('signs in and sees their account', async () => {
    const me = await api.get('/v1/auth/me', { token: user.accessToken });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ userId: user.userId, accountId: user.accountId, email: user.email, role: 'Admin' });
    const account = await api.get(`/v1/accounts/${user.accountId}`, { token: user.accessToken });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ accountId: user.accountId, status: 'active', subscriptionStatus: 'trialing' });
  });

  it('sends an SMS that goes queued -> dispatched -> delivered from the sandbox number', async () => {
    const from = await sandboxNumber(api, user.accessToken);
    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, {
      token: user.accessToken,
      body: { to: '+14155550100', body: 'Your appointment is at 10:00', clientReference: '  appt-42  ', externalId: 'req-1' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      status: 'queued',
      segmentCount: 1,
      encoding: 'gsm7',
      clientReference: 'appt-42',
      externalId: 'req-1',
      destination: '+14155550100',
      channelType: 'Sms',
    });
    expect(sent.body.estimatedCost).toBeGreaterThan(0);

    const delivered = await waitForStatus(api, user, sent.body.messageId, ['delivered']);
    expect(delivered.body.channelHistory).toHaveLength(1);
    expect(delivered.body.channelHistory[0]).toMatchObject({ channelType: 'Sms', fromAddress: from, status: 'delivered' });
    const transitions = delivered.body.auditTrail.map((a: { toStatus: string }) => a.toStatus);
    expect(transitions).toEqual(['queued', 'dispatched', 'delivered']);
  });

  it('follows the carrier behaviour set for a destination', async () => {
    for (const [destination, outcome, expected] of [
      ['+14155550101', 'undelivered', 'undelivered'],
      ['+14155550102', 'failed', 'failed'],
    ]) {
      const set = await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(destination)}`, {
        token: user.accessToken,
        body: { outcome, afterSeconds: 0 },
      });
      expect(set.status).toBe(200);
      const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { destination, body: 'hi' } });
      expect(sent.status).toBe(201);
      const final = await waitForStatus(api, user, sent.body.messageId, [expected]);
      expect(final.body.status).toBe(expected);
      expect(final.body.channelHistory[0].failureReason).toEqual(expect.any(String));
    }
  });

  it('sends through a subaccount with an API key, and the key works only while it is not revoked', async () => {
    const sub = await api.post(`/v1/accounts/${user.accountId}/subaccounts`, { token: user.accessToken, body: { name: 'Clinic', dailyQuota: null } });
    expect(sub.status).toBe(201);
    const key = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'server' } });
    expect(key.status).toBe(201);
    expect(key.body.rights).toEqual(['SendMessages', 'ReadMessages']);
    const sent = await api.post(`/v1/subaccounts/${sub.body.subaccountId}/messages`, {
      apiKey: key.body.key,
      body: { destination: '+14155550103', body: 'from the clinic' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.subaccountId).toBe(sub.body.subaccountId);
    await waitForStatus(api, user, sent.body.messageId, ['delivered']);

    const revoked = await api.delete(`/v1/api-keys/${key.body.apiKeyId}`, { token: user.accessToken });
    expect(revoked.status).toBe(204);
    const refused = await api.post(`/v1/subaccounts/${sub.body.subaccountId}/messages`, {
      apiKey: key.body.key,
      body: { destination: '+14155550103', body: 'again' },
    });
    expect(refused.status).toBe(401);
    expect(refused.body.code).toBe('API_KEY_REVOKED');
  });

  it('carries one trace from the HTTP request through gRPC into the event it produced', async () => {
    const traceId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, {
      token: user.accessToken,
      headers: { traceparent: `00-${traceId}-1122334455667788-01` },
      body: { to: '+14155550104', body: 'traced' },
    });
    expect(sent.status).toBe(201);
    expect(sent.headers.get('x-trace-id')).toBe(traceId);
    const [row] = await booted.platform.adapters.databases.forSchema('messaging')('outbox').where({ key: sent.body.messageId, type: 'MessageAccepted' });
    const envelope = typeof row.envelope === 'string' ? JSON.parse(row.envelope) : row.envelope;
    expect(envelope.traceparent.split('-')[1]).toBe(traceId);
  });

  it('treats a blank clientReference as none', async () => {
    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, {
      token: user.accessToken,
      body: { to: '+14155550105', body: 'no reference', clientReference: '   ' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.clientReference).toBeNull();
  });

  it('previews segments and encoding', async () => {
    const res = await api.post('/v1/messages/segments/preview', { token: user.accessToken, body: { body: 'é'.repeat(10) + '€' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ segmentCount: 1, encoding: 'gsm7', characterCount: 12, charactersPerSegment: 160 });
    const ucs = await api.post('/v1/messages/segments/preview', { token: user.accessToken, body: { body: 'ç'.repeat(71) } });
    expect(ucs.body).toEqual({ segmentCount: 2, encoding: 'ucs2', characterCount: 71, charactersPerSegment: 67 });
  });

  it('stores what was sent: one message row per accepted send', async () => {
    expect(await countRows(booted.platform, 'messaging', 'messages', { account_id: user.accountId })).toBe(6);
  });
});
