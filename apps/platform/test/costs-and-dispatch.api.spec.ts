import { ApiClient, type ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, type SignedUpUser, signUp } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';

/**
 * Costs (charges of sent channel attempts, billing reads) and dispatch
 * (retries, dead letter, refusals, receipts, carrier events) through the
 * public API. Time moves only with POST /v1/sandbox/clock/advance; the
 * carrier's behaviour is set per destination with the sandbox route.
 */
let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
let key: string;
let other: SignedUpUser;
let otherKey: string;
let subaccountId: string;
let subKey: string;

async function createKey(token: string, body: Record<string, unknown>): Promise<string> {
  const created = await api.post('/v1/api-keys', { token, body });
  if (created.status !== 201) throw new Error(`api key: ${created.text}`);
  return created.body.key;
}

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'costs');
  other = await signUp(api, 'costs-other');
  await sandboxNumber(api, user.accessToken);
  await sandboxNumber(api, other.accessToken);
  key = await createKey(user.accessToken, { name: 'billing' });
  otherKey = await createKey(other.accessToken, { name: 'other' });
  // Made up front: the user token lasts 15 minutes and the suite moves the clock by hours.
  const sub = await api.post(`/v1/accounts/${user.accountId}/subaccounts`, { token: user.accessToken, body: { name: 'Clinic' } });
  if (sub.status !== 201) throw new Error(`subaccount: ${sub.text}`);
  subaccountId = sub.body.subaccountId;
  subKey = await createKey(user.accessToken, { name: 'clinic', subaccountId });
}, 90_000);

const SECOND = 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const clockNow = async () => new Date((await api.get('/v1/sandbox/clock')).body.now).getTime();

async function advance(seconds: number): Promise<void> {
  const res = await api.post('/v1/sandbox/clock/advance', { apiKey: key, body: { seconds } });
  expect(res.status).toBe(200);
}

const send = (body: Record<string, unknown>, apiKey = key) => api.post(`/v1/accounts/${user.accountId}/messages`, { apiKey, body });
const get = (messageId: string) => api.get(`/v1/accounts/${user.accountId}/messages/${messageId}`, { apiKey: key });
const carrierEvents = (messageId: string, apiKey = key) => api.get(`/v1/messages/${messageId}/carrier-events`, { apiKey });
const behave = async (to: string, outcome: string, afterSeconds?: number) => {
  const res = await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(to)}`, { apiKey: key, body: { outcome, afterSeconds } });
  expect(res.status).toBe(200);
};
const billing = (path: string, query: Record<string, string | number>, apiKey = key) =>
  api.get(`/v1/billing/message-costs${path}?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`, { apiKey });

const chargesOf = (messageId: string) => countRows(booted.platform, 'messaging', 'message_charges', { message_id: messageId });
async function outboxEvents(messageId: string, type: string) {
  const rows = await booted.platform.adapters.databases.forSchema('messaging')('outbox').where({ key: messageId, type }).orderBy('id');
  return rows.map((row: { envelope: string | { payload: Record<string, unknown> } }) =>
    typeof row.envelope === 'string' ? JSON.parse(row.envelope).payload : row.envelope.payload,
  );
}

/** Moves the clock a few seconds at a time until the message leaves the given statuses. */
async function advanceUntil(messageId: string, leave: string[], step = 5, max = 40): Promise<ApiResponse> {
  for (let i = 0; i < max; i += 1) {
    const res = await get(messageId);
    if (!leave.includes(res.body.status)) return res;
    await advance(step);
  }
  throw new Error(`message ${messageId} stayed ${leave.join('/')}`);
}

function expectProblem(res: ApiResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, title: expect.any(String), traceId: expect.any(String) });
  expect(res.body.type.endsWith('/problems/' + code.toLowerCase().replace(/_/g, '-'))).toBe(true);
}

const events = (res: ApiResponse) => (res.body.auditTrail as Array<{ event: string }>).map((a) => a.event);

describe('charges', () => {
  it('a sent attempt is charged once, when the carrier accepts it, and stays charged when delivered', async () => {
    const to = freshDestination();
    await behave(to, 'delivered', 30);
    const sent = await send({ to, body: 'Your code is 1234' });
    expect(sent.status).toBe(201);
    expect(sent.body.estimatedCost).toBe(0.0079);
    const dispatched = await advanceUntil(sent.body.messageId, ['queued'], 1);
    expect(dispatched.body.status).toBe('dispatched');
    expect(dispatched.body.channelHistory).toEqual([
      expect.objectContaining({ channelType: 'Sms', status: 'dispatched', cost: 0.0079, completedAt: null, failureReason: null }),
    ]);
    expect(await chargesOf(sent.body.messageId)).toBe(1);

    const delivered = await advanceUntil(sent.body.messageId, ['dispatched'], 10);
    expect(delivered.body.status).toBe('delivered');
    expect(delivered.body.channelHistory).toEqual([expect.objectContaining({ status: 'delivered', cost: 0.0079, completedAt: expect.any(String) })]);
    expect(await chargesOf(sent.body.messageId)).toBe(1);

    const listed = await carrierEvents(sent.body.messageId);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      messageId: sent.body.messageId,
      items: [
        expect.objectContaining({ type: 'submission_accepted', rawStatus: 'accepted', attemptNumber: 1, channelType: 'Sms', carrierMessageId: expect.any(String) }),
        // The sandbox sends SMS over SMPP: the part's deliver_sm as the SMSC worded it, then the message's outcome.
        expect.objectContaining({ type: 'receipt', rawStatus: 'DELIVRD', carrier: 'sandbox', detail: 'SMPP receipt for part 1 of 1: stat DELIVRD, err 000' }),
        expect.objectContaining({ type: 'receipt', rawStatus: 'delivered', carrier: 'sandbox', errorCode: null, reason: 'delivered', occurredAt: expect.any(String) }),
      ],
    });
  });

  it('a canceled message costs nothing', async () => {
    const sent = await send({ to: freshDestination(), body: 'later', sendAt: iso((await clockNow()) + 61 * SECOND) });
    const canceled = await api.post(`/v1/accounts/${user.accountId}/messages/${sent.body.messageId}/cancel`, { apiKey: key });
    expect(canceled.body.status).toBe('canceled');
    await advance(62);
    expect((await get(sent.body.messageId)).body).toMatchObject({ status: 'canceled', channelHistory: [] });
    expect(await chargesOf(sent.body.messageId)).toBe(0);
    expect((await carrierEvents(sent.body.messageId)).body.items).toEqual([]);
  });

  it('an expired message costs nothing', async () => {
    const to = freshDestination();
    await behave(to, 'unavailable');
    const sent = await send({ to, body: 'soon stale', expiresAt: iso((await clockNow()) + 61 * SECOND) });
    const expired = await advanceUntil(sent.body.messageId, ['queued'], 30);
    expect(expired.body).toMatchObject({ status: 'expired', channelHistory: [] });
    expect(await chargesOf(sent.body.messageId)).toBe(0);
  });

  it('a submission the carrier refuses costs nothing; the refusal is a carrier event with its code and mapped reason', async () => {
    const to = freshDestination();
    await behave(to, 'failed');
    const sent = await send({ to, body: 'refused' });
    const failed = await advanceUntil(sent.body.messageId, ['queued'], 1);
    expect(failed.body.status).toBe('failed');
    expect(failed.body.channelHistory).toEqual([
      expect.objectContaining({ status: 'failed', cost: 0, failureReason: 'invalid destination', completedAt: expect.any(String) }),
    ]);
    expect(await chargesOf(sent.body.messageId)).toBe(0);
    expect((await carrierEvents(sent.body.messageId)).body.items).toEqual([
      expect.objectContaining({
        type: 'submission_refused',
        rawStatus: 'refused',
        errorCode: 'ESME_RINVDSTADR',
        reason: 'invalid destination',
        detail: 'SMSC refused submit_sm: ESME_RINVDSTADR (0x0000000b)',
      }),
    ]);
    // Refused before any delivery was tried: MessageRejected (spec 6.1), not MessageFailed.
    expect(await outboxEvents(sent.body.messageId, 'MessageRejected')).toEqual([
      expect.objectContaining({ previousState: 'queued', state: 'failed', reason: 'invalid destination' }),
    ]);
    expect(await outboxEvents(sent.body.messageId, 'MessageFailed')).toEqual([]);
  });

  it('an undelivered message was sent, so it is charged; the receipt carries the raw code and the mapped reason', async () => {
    const to = freshDestination();
    await behave(to, 'undelivered');
    const sent = await send({ to, body: 'nobody home' });
    const undelivered = await advanceUntil(sent.body.messageId, ['queued', 'dispatched'], 2);
    expect(undelivered.body.status).toBe('undelivered');
    expect(undelivered.body.channelHistory).toEqual([
      expect.objectContaining({ status: 'undelivered', cost: 0.0079, failureReason: 'unreachable handset' }),
    ]);
    expect(await chargesOf(sent.body.messageId)).toBe(1);
    expect((await carrierEvents(sent.body.messageId)).body.items.at(-1)).toMatchObject({
      type: 'receipt',
      rawStatus: 'undelivered',
      errorCode: '30003',
      reason: 'unreachable handset',
    });
  });
});

describe('billing reads', () => {
  it('totals, per channel and detail agree over a range; detail pages with a cursor', async () => {
    await advance(3600); // nothing earlier falls in the window
    const from = await clockNow();
    const long = 'x'.repeat(200); // two SMS segments
    const ids: string[] = [];
    for (const body of [{ body: 'one' }, { body: long }, { body: 'wa', channelType: 'WhatsApp' }]) {
      const sent = await send({ to: freshDestination(), ...body });
      expect(sent.status).toBe(201);
      ids.push(sent.body.messageId);
    }
    for (const id of ids) expect((await advanceUntil(id, ['queued'], 1)).body.status).not.toBe('failed');
    const to = (await clockNow()) + SECOND;
    const range = { from: iso(from), to: iso(to) };

    const summary = await billing('', range);
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      accountId: user.accountId,
      subaccountId: null,
      from: iso(from),
      to: iso(to),
      currency: 'USD',
      amount: 0.0287,
      amountMicros: 28_700,
      chargeCount: 3,
      messageCount: 3,
    });

    const channels = await billing('/channels', range);
    expect(channels.status).toBe(200);
    expect(channels.body.items).toEqual([
      { channelType: 'Sms', amount: 0.0237, amountMicros: 23_700, chargeCount: 2, messageCount: 2 },
      { channelType: 'WhatsApp', amount: 0.005, amountMicros: 5_000, chargeCount: 1, messageCount: 1 },
      { channelType: 'Email', amount: 0, amountMicros: 0, chargeCount: 0, messageCount: 0 },
    ]);
    expect(channels.body).toMatchObject({ currency: 'USD', amountMicros: 28_700, chargeCount: 3 });

    const seen: Array<{ chargeId: string; messageId: string; amountMicros: number; chargedAt: string }> = [];
    let cursor: string | undefined;
    for (let page = 0; page < 5; page += 1) {
      const res = await billing('/detail', { ...range, pageSize: 2, ...(cursor ? { cursor } : {}) });
      expect(res.status).toBe(200);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor ?? undefined;
      if (!cursor) break;
    }
    // Newest charge first, ties by charge id (each channel has its own queue, so charges need not follow the send order).
    const newestFirst = [...seen].sort((a, b) => b.chargedAt.localeCompare(a.chargedAt) || b.chargeId.localeCompare(a.chargeId));
    expect(seen.map((c) => c.chargeId)).toEqual(newestFirst.map((c) => c.chargeId));
    expect(seen.map((c) => c.messageId).sort()).toEqual([...ids].sort());
    expect(seen.reduce((sum, c) => sum + c.amountMicros, 0)).toBe(summary.body.amountMicros);
    expect(seen.find((c) => c.messageId === ids[2])).toEqual({
      chargeId: expect.any(String),
      messageId: ids[2],
      subaccountId: null,
      attemptNumber: 1,
      channelType: 'WhatsApp',
      destination: expect.any(String),
      fromAddress: expect.any(String),
      segmentCount: 1,
      amount: 0.005,
      amountMicros: 5000,
      currency: 'USD',
      chargedAt: expect.any(String),
    });

    const sms = await billing('/detail', { ...range, channelType: 'Sms' });
    // The SMS queue sends the longest waiting first, so the second SMS is charged last, unless both fall in one millisecond.
    const smsCharges: Array<{ chargeId: string; messageId: string; chargedAt: string }> = sms.body.items;
    expect(smsCharges.map((c) => c.messageId).sort()).toEqual([ids[0], ids[1]].sort());
    if (smsCharges[0].chargedAt !== smsCharges[1].chargedAt) expect(smsCharges.map((c) => c.messageId)).toEqual([ids[1], ids[0]]);
    else expect(smsCharges[0].chargeId > smsCharges[1].chargeId).toBe(true);

    // Another account sees none of it.
    expect((await billing('', range, otherKey)).body).toMatchObject({ accountId: other.accountId, amountMicros: 0, chargeCount: 0 });
  });

  it('defaults to the current UTC month', async () => {
    const now = new Date(await clockNow());
    const res = await billing('', {});
    expect(res.status).toBe(200);
    expect(res.body.from).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
    expect(res.body.to).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString());
  });

  describe('refuses a bad range, page size or cursor with 400 naming the field', () => {
    const cases: Array<[string, string, Record<string, string | number>, string]> = [
      ['empty range', '', { from: '2026-03-01', to: '2026-03-01' }, 'to'],
      ['reversed range', '/channels', { from: '2026-03-02', to: '2026-03-01' }, 'to'],
      ['unreadable from', '/detail', { from: 'yesterday' }, 'from'],
      ['timestamp without Z', '', { to: '2026-03-01T10:00:00' }, 'to'],
      ['pageSize 0', '/detail', { pageSize: 0 }, 'pageSize'],
      ['pageSize 201', '/detail', { pageSize: 201 }, 'pageSize'],
      ['pageSize not a number', '/detail', { pageSize: 'ten' }, 'pageSize'],
      ['edited cursor', '/detail', { cursor: 'bm90LWEtY3Vyc29y' }, 'cursor'],
      ['unknown channel', '/detail', { channelType: 'Fax' }, 'channelType'],
    ];
    it.each(cases)('%s', async (_name, path, query, field) => {
      const res = await billing(path, query);
      expectProblem(res, 400, 'VALIDATION_FAILED');
      expect(res.body.instance).toBe(`/v1/billing/message-costs${path}`);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    });
  });

  it('a key limited to a subaccount sees only its charges, and another subaccount is 404', async () => {
    const from = await clockNow();
    const own = await send({ to: freshDestination(), body: 'sub', subaccountId });
    expect(own.status).toBe(201);
    const account = await send({ to: freshDestination(), body: 'account' });
    await advanceUntil(own.body.messageId, ['queued'], 1);
    await advanceUntil(account.body.messageId, ['queued'], 1);
    const range = { from: iso(from), to: iso((await clockNow()) + SECOND) };

    expect((await billing('', range, subKey)).body).toMatchObject({ subaccountId: subaccountId, chargeCount: 1, amountMicros: 7900 });
    expect((await billing('/detail', range, subKey)).body.items.map((c: { messageId: string }) => c.messageId)).toEqual([own.body.messageId]);
    expect((await billing('', range)).body).toMatchObject({ subaccountId: null, chargeCount: 2 });
    expect((await billing('', { ...range, subaccountId: subaccountId })).body).toMatchObject({ chargeCount: 1 });
    expectProblem(await billing('', { ...range, subaccountId: '00000000-0000-4000-8000-000000000000' }, subKey), 404, 'NOT_FOUND');
    expectProblem(await carrierEvents(account.body.messageId, subKey), 404, 'NOT_FOUND');
  });
});

describe('dispatch', () => {
  it('retries a carrier that is unavailable with backoff, then dead-letters the message once, uncharged', async () => {
    const to = freshDestination();
    await behave(to, 'unavailable');
    const sent = await send({ to, body: 'never arrives' });
    const failed = await advanceUntil(sent.body.messageId, ['queued'], 20, 30);
    expect(failed.body.status).toBe('failed');
    expect(events(failed)).toEqual(['accepted', 'retry_scheduled', 'retry_scheduled', 'retry_scheduled', 'retry_scheduled', 'dead_lettered']);
    expect(failed.body.auditTrail.at(-1)).toMatchObject({ fromStatus: 'queued', toStatus: 'failed', detail: expect.stringContaining('after 5 attempts') });
    expect(failed.body.channelHistory).toEqual([
      expect.objectContaining({ status: 'failed', cost: 0, failureReason: expect.stringContaining('after 5 attempts'), completedAt: expect.any(String) }),
    ]);
    // attemptedAt is the first try, before the retries.
    expect(Date.parse(failed.body.channelHistory[0].attemptedAt)).toBeLessThan(Date.parse(failed.body.channelHistory[0].completedAt));
    expect(await chargesOf(sent.body.messageId)).toBe(0);

    const listed = (await carrierEvents(sent.body.messageId)).body.items;
    expect(listed).toHaveLength(5);
    expect(listed.every((e: { type: string; reason: string }) => e.type === 'submission_unavailable' && e.reason === 'carrier temporarily unavailable')).toBe(true);

    await advance(600);
    const deadLettered = await outboxEvents(sent.body.messageId, 'MessageDeadLettered');
    expect(deadLettered).toEqual([expect.objectContaining({ previousState: 'queued', state: 'failed', reason: expect.stringContaining('after 5 attempts') })]);
    expect(await outboxEvents(sent.body.messageId, 'MessageFailed')).toEqual([]);
  });

  it("another account's message: carrier events are 404, and a malformed id too", async () => {
    const sent = await send({ to: freshDestination(), body: 'mine' });
    expectProblem(await carrierEvents(sent.body.messageId, otherKey), 404, 'NOT_FOUND');
    expectProblem(await carrierEvents('not-a-uuid'), 404, 'NOT_FOUND');
    expect((await carrierEvents(sent.body.messageId)).status).toBe(200);
  });
});
