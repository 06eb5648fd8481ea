import { DEFAULT_PRICE_TABLE } from './rules';
import { randomUUID } from 'node:crypto';
import { DomainError } from '@mp/problems';
import { enqueueEvent } from '@mp/events';
import type { OutboxWriter } from '@mp/service-host';
import { createLogger } from '@mp/telemetry';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from './testing/service-harness';
import { refusal } from './testing/refusal';

const receiptFor = (messageId: string, overrides: Record<string, unknown> = {}) => ({
  providerEventId: `evt-${randomUUID()}`,
  carrier: 'sim',
  carrierMessageId: 'cm-1',
  messageId,
  attempt: 1,
  status: 'delivered',
  occurredAt: '2026-03-01T12:00:05Z',
  ...overrides,
});

const trail = (message: { auditTrail: Array<{ event: string; fromStatus?: string; toStatus?: string }> }) =>
  message.auditTrail.map((a) => [a.event, a.fromStatus ?? null, a.toStatus ?? null]);

describe('messaging service (embedded database, real carrier HTTP)', () => {
  let database: TestDatabase;
  let h: Harness;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    h = await startHarness(database);
  });
  afterEach(() => h.close());

  const countRows = async (table: string) => Number((await h.db(table).count({ n: '*' }))[0].n);

  it('accept -> dispatch -> delivered, with the audit trail and the events in order', async () => {
    const accepted = await h.send({ clientReference: ' order-42 ' });
    expect(accepted).toMatchObject({
      status: 'queued',
      channelType: 'Sms',
      destination: '+14155550123',
      segmentCount: 1,
      encoding: 'gsm7',
      estimatedCost: 0.0079,
      clientReference: 'order-42',
      messageType: 'Transactional',
      priority: 'Normal',
      replyStatus: 'None',
      channelHistory: [],
    });
    expect(trail(accepted)).toEqual([['accepted', null, 'queued']]);

    await h.dispatch();
    expect(h.carrier.requests).toEqual([
      {
        reference: `${accepted.messageId}:1`,
        accountId: h.accountId,
        channel: 'Sms',
        from: '+15550000001',
        to: '+14155550123',
        body: 'Your code is 1234',
      },
    ]);
    const dispatched = await h.get(accepted.messageId);
    expect(dispatched.status).toBe('dispatched');
    expect(dispatched.channelHistory).toEqual([
      { channelType: 'Sms', fromAddress: '+15550000001', status: 'dispatched', attemptedAt: expect.any(String), cost: 0.0079 },
    ]);

    await h.receipt(receiptFor(accepted.messageId));
    const delivered = await h.get(accepted.messageId);
    expect(delivered.status).toBe('delivered');
    expect(delivered.channelHistory).toEqual([
      {
        channelType: 'Sms',
        fromAddress: '+15550000001',
        status: 'delivered',
        attemptedAt: expect.any(String),
        completedAt: '2026-03-01T12:00:05.000Z',
        cost: 0.0079,
      },
    ]);
    expect(trail(delivered)).toEqual([
      ['accepted', null, 'queued'],
      ['dispatched', 'queued', 'dispatched'],
      ['delivered', 'dispatched', 'delivered'],
    ]);
    expect(await h.events(accepted.messageId)).toEqual([
      { type: 'MessageAccepted', payload: expect.objectContaining({ state: 'queued', reason: 'accepted', clientReference: 'order-42' }) },
      { type: 'MessageDispatched', payload: expect.objectContaining({ previousState: 'queued', state: 'dispatched' }) },
      { type: 'MessageDelivered', payload: expect.objectContaining({ previousState: 'dispatched', state: 'delivered' }) },
    ]);
    expect((await h.events(accepted.messageId))[0].payload).not.toHaveProperty('previousState');
  });

  it('the kick after acceptance dispatches without waiting for the job', async () => {
    const accepted = await h.send();
    await h.messaging.dispatcher.idle();
    expect((await h.get(accepted.messageId)).status).toBe('dispatched');
  });

  it('carrier 422 -> failed with the documented reason for the carrier code and MessageRejected', async () => {
    h.carrier.answer({ status: 422, body: { error: { code: '21211', message: 'invalid To number' } } });
    const { messageId } = await h.send();
    await h.dispatch();
    const failed = await h.get(messageId);
    expect(failed.status).toBe('failed');
    expect(failed.channelHistory).toEqual([
      expect.objectContaining({ status: 'failed', failureReason: 'invalid destination', cost: 0, completedAt: expect.any(String) }),
    ]);
    expect(trail(failed).at(-1)).toEqual(['failed', 'queued', 'failed']);
    expect(failed.auditTrail.at(-1)?.detail).toBe('carrier refused (21211): invalid To number');
    expect((await h.events(messageId)).map((e) => [e.type, e.payload.reason])).toEqual([
      ['MessageAccepted', 'accepted'],
      ['MessageRejected', 'invalid destination'],
    ]);
  });

  it('carrier 422 with an unknown code -> the generic refusal reason', async () => {
    h.carrier.answer({ status: 422, body: { error: { code: 'blocked', message: 'destination blocked by carrier' } } });
    const { messageId } = await h.send();
    await h.dispatch();
    expect((await h.get(messageId)).channelHistory[0].failureReason).toBe('carrier refused the message');
  });

  it('500 twice then 201 -> dispatched once, every try with the same carrier reference', async () => {
    h.carrier.answer({ status: 500 }, { status: 500 });
    const { messageId } = await h.send();
    await h.dispatch();
    expect((await h.get(messageId)).status).toBe('queued');
    await h.dispatch(); // not due yet: 2 s backoff (up to 10% later: retry-jitter.ts)
    expect(h.carrier.requests).toHaveLength(1);
    h.clock.advance(2.2);
    await h.dispatch();
    h.clock.advance(3);
    await h.dispatch(); // second backoff is 4 s
    expect(h.carrier.requests).toHaveLength(2);
    h.clock.advance(1.5);
    await h.dispatch();

    expect(h.carrier.requests.map((r) => r.reference)).toEqual(Array(3).fill(`${messageId}:1`));
    const message = await h.get(messageId);
    expect(message.status).toBe('dispatched');
    expect(message.channelHistory).toHaveLength(1);
    expect(trail(message)).toEqual([
      ['accepted', null, 'queued'],
      ['retry_scheduled', 'queued', 'queued'],
      ['retry_scheduled', 'queued', 'queued'],
      ['dispatched', 'queued', 'dispatched'],
    ]);
    expect((await h.events(messageId)).map((e) => e.type)).toEqual(['MessageAccepted', 'MessageDispatched']);
  });

  it('out of tries -> failed and MessageDeadLettered', async () => {
    await h.close();
    h = await startHarness(database, { DISPATCH_MAX_ATTEMPTS: 2 });
    h.carrier.answer({ status: 503 }, { status: 503 });
    const { messageId } = await h.send();
    await h.dispatch();
    h.clock.advance(2.2); // 2 s, up to 10% later
    await h.dispatch();
    const message = await h.get(messageId);
    expect(message.status).toBe('failed');
    expect(trail(message).at(-1)).toEqual(['dead_lettered', 'queued', 'failed']);
    expect((await h.events(messageId)).map((e) => e.type)).toEqual(['MessageAccepted', 'MessageDeadLettered']);
    h.clock.advance(600);
    await h.dispatch();
    expect(h.carrier.requests).toHaveLength(2);
  });

  it('inactive account -> ACCOUNT_INACTIVE and nothing stored', async () => {
    h.clients.standing = { accountStatus: 'suspended', subscriptionActive: true };
    const error = await refusal(h.send());
    expect([error.code, error.status]).toEqual(['ACCOUNT_INACTIVE', 403]);
    expect(await countRows('messages')).toBe(0);
    expect(await countRows('message_audit')).toBe(0);
    expect(await countRows('outbox')).toBe(0);
  });

  it('no active subscription -> 402 NO_ACTIVE_SUBSCRIPTION and nothing stored', async () => {
    h.clients.standing = { accountStatus: 'active', subscriptionActive: false };
    const error = await refusal(h.send());
    expect([error.code, error.status]).toEqual(['NO_ACTIVE_SUBSCRIPTION', 402]);
    expect(await countRows('messages')).toBe(0);
    expect(await countRows('outbox')).toBe(0);
  });

  it('invalid input -> VALIDATION_FAILED and nothing stored', async () => {
    const error = await refusal(h.send({ to: '+447700900123', body: '' }));
    expect(Object.keys(error.extensions.errors ?? {}).sort()).toEqual(['body', 'destination', 'to']);
    expect(await countRows('messages')).toBe(0);
    expect(h.clients.calls).toEqual([]);
  });

  it("another account's message -> NOT_FOUND", async () => {
    const { messageId } = await h.send();
    const stranger = { kind: 'user' as const, accountId: randomUUID(), userId: 'u-2', role: 'Admin' as const };
    expect((await refusal(h.messaging.handlers.getMessage({ accountId: stranger.accountId, messageId }, { method: 't', principal: stranger }))).code).toBe(
      'NOT_FOUND',
    );
    // Asking through the right account id with the wrong principal is no better.
    expect((await refusal(h.get(messageId, stranger))).code).toBe('NOT_FOUND');
    expect((await refusal(h.get(randomUUID()))).code).toBe('NOT_FOUND');
    expect((await refusal(h.get('not-a-uuid'))).code).toBe('NOT_FOUND');
  });

  it('subaccount scoping on send and read', async () => {
    const subA = randomUUID();
    const subB = randomUUID();
    const limitedToA = { ...h.principal, subaccountId: subA };
    const viaA = await h.send({ subaccountRoute: true, subaccountId: subA }, limitedToA);
    expect(viaA.subaccountId).toBe(subA);
    expect((await refusal(h.send({ subaccountRoute: true, subaccountId: subB }, limitedToA))).code).toBe('NOT_FOUND');
    expect((await refusal(h.send({}, limitedToA))).code).toBe('NOT_FOUND');

    const accountWide = await h.send();
    expect((await h.get(viaA.messageId, limitedToA)).messageId).toBe(viaA.messageId);
    expect((await refusal(h.get(accountWide.messageId, limitedToA))).code).toBe('NOT_FOUND');
    expect((await refusal(h.get(viaA.messageId, h.principal, subB))).code).toBe('NOT_FOUND');
    expect((await h.get(viaA.messageId, h.principal, subA)).status).toBeDefined();
  });

  it('a duplicate receipt is applied once', async () => {
    const { messageId } = await h.send();
    await h.dispatch();
    const receipt = receiptFor(messageId);
    await h.receipt(receipt);
    await h.receipt(receipt);
    await h.receipt({ ...receipt, providerEventId: 'evt-other', status: 'undelivered', errorCode: '30003' });
    const message = await h.get(messageId);
    expect(message.status).toBe('delivered');
    expect(trail(message).filter(([event]) => event === 'delivered')).toHaveLength(1);
    expect((await h.events(messageId)).map((e) => e.type)).toEqual(['MessageAccepted', 'MessageDispatched', 'MessageDelivered']);
  });

  it('undelivered receipt -> undelivered with the mapped reason and MessageFailed', async () => {
    const { messageId } = await h.send();
    await h.dispatch();
    await h.receipt(receiptFor(messageId, { status: 'undelivered', errorCode: '30003' }));
    const message = await h.get(messageId);
    expect(message.status).toBe('undelivered');
    expect(message.channelHistory[0]).toMatchObject({ status: 'undelivered', failureReason: 'unreachable handset' });
    expect((await h.events(messageId)).at(-1)).toEqual({
      type: 'MessageFailed',
      payload: expect.objectContaining({ previousState: 'dispatched', state: 'undelivered', reason: 'unreachable handset' }),
    });
  });

  it('a receipt for another attempt or an unknown message changes nothing', async () => {
    const { messageId } = await h.send();
    await h.dispatch();
    await h.receipt(receiptFor(messageId, { attempt: 2 }));
    await h.receipt(receiptFor(randomUUID()));
    await h.receipt(receiptFor('not-a-uuid'));
    expect((await h.get(messageId)).status).toBe('dispatched');
  });

  it('a receipt that overtakes the recording of its dispatch is kept and applied when the dispatch is recorded', async () => {
    await h.close();
    h = await startHarness(database, { DISPATCH_ENABLED: false });
    const { messageId } = await h.send();
    const { claimDueMessages } = await import('./dispatch/dispatch.repository');
    const { DispatchTransitions } = await import('./dispatch/dispatch-transitions');
    const { RouteAdvance } = await import('./fallback/route-advance');
    const now = h.clock.now();
    const [claimed] = await claimDueMessages(h.db, { now, leaseUntil: new Date(now.getTime() + 60_000), token: randomUUID(), limit: 1 });
    await h.receipt(receiptFor(messageId)); // no error: the consumer is not held up
    expect((await h.get(messageId)).status).toBe('queued');
    expect(await h.db('early_receipts').where({ message_id: messageId }).count({ n: '*' })).toEqual([{ n: '1' }]);

    const outbox: OutboxWriter = { enqueue: (trx, event) => enqueueEvent(trx, event, h!.clock.now()) };
    const transitions = new DispatchTransitions(h.db, outbox, new RouteAdvance(outbox, DEFAULT_PRICE_TABLE), { clock: h.clock, logger: createLogger('silent') });
    await transitions.dispatched(claimed, { fromAddress: '+15550000001', numberId: 'n-1' }, 'cm-1', now);
    const message = await h.get(messageId);
    expect(message.status).toBe('delivered');
    expect(trail(message).map(([event]) => event)).toEqual(['accepted', 'dispatched', 'delivered']);
    expect((await h.events(messageId)).map((e) => e.type)).toEqual(['MessageAccepted', 'MessageDispatched', 'MessageDelivered']);
    expect(await h.db('early_receipts').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('consent refusal -> failed, MessageRejected, nothing sent', async () => {
    h.clients.permission = { allowed: false, reason: 'recipient opted out' };
    const { messageId } = await h.send();
    await h.dispatch();
    const message = await h.get(messageId);
    expect(message.status).toBe('failed');
    expect(message.channelHistory).toEqual([]);
    expect(trail(message).at(-1)).toEqual(['rejected', 'queued', 'failed']);
    expect((await h.events(messageId)).at(-1)).toMatchObject({ type: 'MessageRejected', payload: { reason: 'recipient opted out' } });
    expect(h.carrier.requests).toEqual([]);
  });

  it('records in the audit trail which consent ledger entry decided each attempt', async () => {
    const entryId = randomUUID();
    h.clients.permission = { allowed: false, reason: 'recipient opted out of the entire account', decidedByEntryId: entryId };
    const refused = await h.send();
    await h.dispatch();
    expect((await h.get(refused.messageId)).auditTrail.at(-1)).toMatchObject({ event: 'rejected', detail: `recipient opted out of the entire account; consent decided by entry ${entryId}` });

    const allowedBy = randomUUID();
    h.clients.permission = { allowed: true, decidedByEntryId: allowedBy };
    const allowed = await h.send();
    await h.dispatch();
    expect((await h.get(allowed.messageId)).auditTrail.find((a) => a.event === 'dispatched')?.detail).toMatch(new RegExp(`consent decided by entry ${allowedBy}$`));

    h.clients.permission = { allowed: true };
    const never = await h.send();
    await h.dispatch();
    expect((await h.get(never.messageId)).auditTrail.find((a) => a.event === 'dispatched')?.detail).toMatch(/consent decided by no entry \(never opted out\)$/);
  });

  it('no sender yet -> stays queued and goes out once routing has a number', async () => {
    h.clients.sender = new DomainError('INVALID_OPERATION', 'No number for Sms.');
    const { messageId } = await h.send();
    await h.dispatch();
    expect((await h.get(messageId)).status).toBe('queued');
    expect(h.carrier.requests).toEqual([]);
    h.clients.sender = { numberId: 'n-2', fromAddress: '+15550000002' };
    h.clock.advance(2.2); // 2 s, up to 10% later
    await h.dispatch();
    const message = await h.get(messageId);
    expect(message.status).toBe('dispatched');
    expect(message.channelHistory[0].fromAddress).toBe('+15550000002');
    expect(trail(message).map(([event]) => event)).toEqual(['accepted', 'dispatched']);
  });

  it('urgent messages are claimed first, scheduled ones never', async () => {
    await h.close();
    h = await startHarness(database, { DISPATCH_ENABLED: false });
    const first = await h.send();
    const scheduled = await h.send({ sendAt: new Date(h.clock.now().getTime() + 120_000).toISOString() });
    const urgent = await h.send({ priority: 'Urgent' });
    expect(scheduled.status).toBe('scheduled');
    expect(scheduled.sendAt).toBeDefined();
    const { claimDueMessages } = await import('./dispatch/dispatch.repository');
    const now = h.clock.now();
    const claimed = await claimDueMessages(h.db, { now, leaseUntil: new Date(now.getTime() + 1000), token: randomUUID(), limit: 50 });
    expect(claimed.map((m) => m.id)).toEqual([urgent.messageId, first.messageId]);
    // Leased: a second pass gets nothing until the lease runs out (a crashed pass).
    expect(await claimDueMessages(h.db, { now, leaseUntil: now, token: randomUUID(), limit: 50 })).toEqual([]);
    const later = new Date(now.getTime() + 1000);
    expect(await claimDueMessages(h.db, { now: later, leaseUntil: later, token: randomUUID(), limit: 50 })).toHaveLength(2);
  });

  it('DISPATCH_ENABLED=false keeps accepted messages queued', async () => {
    await h.close();
    h = await startHarness(database, { DISPATCH_ENABLED: false });
    const { messageId } = await h.send();
    expect(await h.dispatch()).toBe(0);
    expect((await h.get(messageId)).status).toBe('queued');
    expect(h.carrier.requests).toEqual([]);
  });

  it('no CARRIER_API_URL keeps accepted messages queued', async () => {
    await h.close();
    h = await startHarness(database, { CARRIER_API_URL: undefined });
    const { messageId } = await h.send();
    expect(await h.dispatch()).toBe(0);
    expect((await h.get(messageId)).status).toBe('queued');
  });

  it('a pass whose lease was taken over writes nothing', async () => {
    await h.close();
    h = await startHarness(database, { DISPATCH_ENABLED: false });
    const { messageId } = await h.send();
    const { claimDueMessages } = await import('./dispatch/dispatch.repository');
    const { DispatchTransitions } = await import('./dispatch/dispatch-transitions');
    const now = h.clock.now();
    const [stale] = await claimDueMessages(h.db, { now, leaseUntil: now, token: randomUUID(), limit: 1 });
    const [current] = await claimDueMessages(h.db, { now, leaseUntil: now, token: randomUUID(), limit: 1 });
    const outbox = { enqueue: jest.fn() };
    const { RouteAdvance } = await import('./fallback/route-advance');
    const transitions = new DispatchTransitions(h.db, outbox, new RouteAdvance(outbox, DEFAULT_PRICE_TABLE));
    const sender = { fromAddress: '+15550000001', numberId: 'n-1' };
    expect(await transitions.dispatched(stale, sender, 'cm-stale', now)).toBeUndefined();
    expect(outbox.enqueue).not.toHaveBeenCalled();
    expect((await transitions.dispatched(current, sender, 'cm-1', now))?.status).toBe('dispatched');
    expect(await transitions.dispatched(current, sender, 'cm-1', now)).toBeUndefined();
    expect((await h.get(messageId)).channelHistory).toHaveLength(1);
  });

  it('WhatsApp and Email: one segment, priced per message', async () => {
    const whatsapp = await h.send({ channelType: 'WhatsApp', body: 'x'.repeat(500) });
    expect(whatsapp).toMatchObject({ segmentCount: 1, encoding: 'gsm7', estimatedCost: 0.005 });
    const email = await h.send({ channelType: 'Email', destination: 'ana@example.com', body: 'Grüße 😀' });
    expect(email).toMatchObject({ segmentCount: 1, encoding: 'ucs2', estimatedCost: 0.0001 });
    const long = await h.send({ body: 'a'.repeat(161) });
    expect(long).toMatchObject({ segmentCount: 2, estimatedCost: 0.0158 });
  });
});
