import { randomUUID } from 'node:crypto';
import type { Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';
import { refusal } from '../testing/refusal';

describe('costs and dispatch (embedded database, real carrier HTTP)', () => {
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

  const ctx = (principal: Principal = h.principal) => ({ method: 'test', principal });
  const range = () => ({ accountId: h.accountId, from: '2000-01-01', to: '2100-01-01' });
  const charges = async () => h.db('message_charges').select('*');

  it('charges a sent attempt once, in micro-dollars, and the billing reads agree', async () => {
    const sms = await h.send({ body: 'x'.repeat(200) }); // 2 segments
    // The harness has no SMTP carrier; WhatsApp goes to the stub like SMS.
    const whatsApp = await h.send({ channelType: 'WhatsApp', destination: '+14155550124' });
    await h.dispatch();
    expect((await h.get(sms.messageId)).channelHistory[0].cost).toBe(0.0158);
    expect(await charges()).toHaveLength(2);

    const handlers = h.messaging.handlers;
    expect((await handlers.getMessageCosts(range(), ctx())).total).toEqual({ amountMicros: 20_800, chargeCount: 2, messageCount: 2 });
    const byChannel = await handlers.getMessageCostsByChannel(range(), ctx());
    expect(byChannel.channels.map((c) => [c.channelType, c.total?.amountMicros])).toEqual([
      ['Sms', 15_800],
      ['WhatsApp', 5_000],
      ['Email', 0],
    ]);
    const first = await handlers.listMessageCharges({ ...range(), pageSize: 1 }, ctx());
    expect(first.items.map((c) => c.messageId)).toEqual([whatsApp.messageId]);
    const second = await handlers.listMessageCharges({ ...range(), pageSize: 1, cursor: first.nextCursor }, ctx());
    expect(second.items.map((c) => c.messageId)).toEqual([sms.messageId]);
    expect(second.nextCursor).toBeUndefined();

    // A later receipt changes the status, never the charge.
    await h.receipt({ providerEventId: 'e1', carrier: 'sim', carrierMessageId: 'cm-1', messageId: sms.messageId, attempt: 1, status: 'delivered' });
    expect(await charges()).toHaveLength(2);
  });

  it('refused, dead-lettered, canceled and consent-rejected messages cost nothing', async () => {
    await h.close();
    h = await startHarness(database, { DISPATCH_MAX_ATTEMPTS: 2 });
    h.carrier.answer({ status: 422, body: { error: { code: '21610', message: 'unsubscribed' } } });
    const refused = await h.send();
    await h.dispatch();
    h.carrier.answer({ status: 503 }, { status: 503 });
    const dead = await h.send();
    await h.dispatch();
    h.clock.advance(2.2); // 2 s, up to 10% later
    await h.dispatch();
    const scheduled = await h.send({ sendAt: new Date(h.clock.now().getTime() + 120_000).toISOString() });
    await h.cancel(scheduled.messageId);
    h.clients.permission = { allowed: false, reason: 'recipient opted out' };
    await h.send();
    await h.dispatch();

    expect(await charges()).toEqual([]);
    expect((await h.get(refused.messageId)).channelHistory).toEqual([
      expect.objectContaining({ status: 'failed', cost: 0, failureReason: 'recipient unsubscribed at the carrier' }),
    ]);
    const deadMessage = await h.get(dead.messageId);
    expect(deadMessage.channelHistory).toEqual([
      expect.objectContaining({ status: 'failed', cost: 0, failureReason: expect.stringContaining('after 2 attempts'), fromAddress: '+15550000001' }),
    ]);
    expect(deadMessage.channelHistory[0].attemptedAt).not.toBe(deadMessage.channelHistory[0].completedAt);
    expect((await h.events(dead.messageId)).filter((e) => e.type === 'MessageDeadLettered')).toHaveLength(1);
    const listed = await h.messaging.handlers.listCarrierEvents({ accountId: h.accountId, messageId: dead.messageId }, ctx());
    expect(listed.items.map((e) => [e.type, e.detail])).toEqual([
      ['submission_unavailable', 'carrier answered HTTP 503'],
      ['submission_unavailable', 'carrier answered HTTP 503'],
    ]);
  });

  it('a carrier 400 is an internal dispatch error: failed at once, MessageFailed, not retried', async () => {
    h.carrier.answer({ status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'bad from' } } });
    const { messageId } = await h.send();
    await h.dispatch();
    const message = await h.get(messageId);
    expect(message.status).toBe('failed');
    expect(message.channelHistory[0]).toMatchObject({ status: 'failed', cost: 0, failureReason: expect.stringMatching(/^internal dispatch error: carrier answered HTTP 400/) });
    expect((await h.events(messageId)).map((e) => e.type)).toEqual(['MessageAccepted', 'MessageFailed']);
    h.clock.advance(600);
    await h.dispatch();
    expect(h.carrier.requests).toHaveLength(1);
  });

  it('no sender number for too long is an internal dispatch error: failed, never sent', async () => {
    await h.close();
    h = await startHarness(database, { DISPATCH_MAX_DEFERRALS: 2 });
    h.clients.sender = new DomainError('INVALID_OPERATION', 'No number for Sms.');
    const { messageId } = await h.send();
    for (let i = 0; i < 3; i += 1) {
      await h.dispatch();
      h.clock.advance(300);
    }
    const message = await h.get(messageId);
    expect(message.status).toBe('failed');
    expect(message.channelHistory).toEqual([]);
    expect(message.auditTrail.at(-1)).toMatchObject({ event: 'failed', fromStatus: 'queued', toStatus: 'failed', detail: expect.stringContaining('no sender number for Sms') });
    expect((await h.events(messageId)).at(-1)).toMatchObject({ type: 'MessageFailed' });
    expect(h.carrier.requests).toEqual([]);
  });

  it('records each receipt once as a carrier event, with raw code and mapped reason', async () => {
    const { messageId } = await h.send();
    await h.dispatch();
    const receipt = { providerEventId: 'evt-9', carrier: 'sim', carrierMessageId: 'cm-1', messageId, attempt: 1, status: 'undelivered', errorCode: '30005' };
    await h.receipt(receipt);
    await h.receipt(receipt);
    const listed = await h.messaging.handlers.listCarrierEvents({ accountId: h.accountId, messageId }, ctx());
    expect(listed.items.map((e) => [e.type, e.rawStatus, e.errorCode, e.reason])).toEqual([
      ['submission_accepted', 'accepted', undefined, undefined],
      ['receipt', 'undelivered', '30005', 'unknown destination'],
    ]);
  });

  it('refuses bad ranges, page sizes and cursors naming the field, and other accounts or subaccounts with 404', async () => {
    const handlers = h.messaging.handlers;
    const fields = async (p: Promise<unknown>) => Object.keys(((await refusal(p)).extensions?.errors ?? {}) as object);
    expect(await fields(handlers.getMessageCosts({ ...range(), from: '2026-03-01', to: '2026-03-01' }, ctx()))).toEqual(['to']);
    expect(await fields(handlers.listMessageCharges({ ...range(), pageSize: 201, cursor: 'nope', from: 'x' }, ctx()))).toEqual(['pageSize', 'cursor', 'from']);
    expect((await refusal(handlers.getMessageCosts({ ...range(), accountId: randomUUID() }, ctx()))).code).toBe('NOT_FOUND');
    const limited: Principal = { ...h.principal, subaccountId: randomUUID() };
    expect((await refusal(handlers.getMessageCosts({ ...range(), subaccountId: randomUUID() }, ctx(limited)))).code).toBe('NOT_FOUND');
    const { messageId } = await h.send();
    expect((await refusal(handlers.listCarrierEvents({ accountId: h.accountId, messageId }, ctx(limited)))).code).toBe('NOT_FOUND');
  });
});
