import { randomUUID } from 'node:crypto';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

/**
 * Fallback across channels (spec 3.1, issue 12 point 2) through messaging's
 * handlers, dispatcher, receipt consumer and receipt-timeout job, with
 * routing's policy answered by the fake clients.
 */
let database: TestDatabase;
let h: Harness;
const subaccountId = randomUUID();

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(async () => {
  await database.reset();
  h = await startHarness(database);
  h.clients.policy = { preferredChannelType: 'Sms', fallbackChain: ['WhatsApp'], isEnabled: true, receiptTimeoutSeconds: 60, fallbackOnDeliveryFailure: false };
});
afterEach(() => h.close());

const sendFromSubaccount = (overrides: Record<string, unknown> = {}) =>
  h.send({ subaccountRoute: true, subaccountId, destination: '+14155550100', body: 'hello', channelType: undefined, ...overrides }, { ...h.principal, subaccountId });
const timeouts = () => h.messaging.parts.jobs!.find((j) => j.name === 'messaging.receipt-timeouts')!.runDue();
const read = (id: string) => h.get(id, { ...h.principal, subaccountId }, subaccountId);

describe('fallback (spec 3.1)', () => {
  it('sends on the next channel when no final receipt comes within the timeout, each attempt with its own sender and charge', async () => {
    const sent = await sendFromSubaccount();
    expect(sent.channelType).toBe('Sms');
    await h.dispatch();
    h.clock.advance(59);
    expect(await timeouts()).toBe(0);
    h.clock.advance(1);
    expect(await timeouts()).toBe(1);
    h.clients.sender = { numberId: 'n-2', fromAddress: '+15550000002' };
    await h.dispatch();
    const message = await read(sent.messageId);
    expect(message.status).toBe('dispatched');
    expect(message.channelHistory.map((a) => [a.channelType, a.fromAddress, a.status])).toEqual([
      ['Sms', '+15550000001', 'dispatched'],
      ['WhatsApp', '+15550000002', 'dispatched'],
    ]);
    expect(message.channelHistory.every((a) => Number(a.cost) > 0)).toBe(true);
    expect(message.auditTrail.map((a) => a.event)).toEqual(['accepted', 'dispatched', 'fallback', 'dispatched']);
    expect(message.auditTrail[2].detail).toContain('no final receipt within 60 s on Sms');
    // The last channel is not confirmed either: the message stays as it is.
    h.clock.advance(3600);
    expect(await timeouts()).toBe(0);
    expect((await read(sent.messageId)).status).toBe('dispatched');
    // A late receipt for the first attempt is recorded on it and starts nothing.
    await h.receipt({ providerEventId: randomUUID(), carrier: 'sim', carrierMessageId: 'cm-1', messageId: sent.messageId, attempt: 1, status: 'delivered', occurredAt: h.clock.now().toISOString() });
    const after = await read(sent.messageId);
    expect(after.channelHistory.map((a) => a.status)).toEqual(['delivered', 'dispatched']);
    expect(after.status).toBe('dispatched');
    expect(h.carrier.requests).toHaveLength(2);
  });

  it('a final receipt in time ends the route', async () => {
    const sent = await sendFromSubaccount();
    await h.dispatch();
    await h.receipt({ providerEventId: randomUUID(), carrier: 'sim', carrierMessageId: 'cm-1', messageId: sent.messageId, attempt: 1, status: 'delivered' });
    h.clock.advance(600);
    expect(await timeouts()).toBe(0);
    expect((await read(sent.messageId)).status).toBe('delivered');
  });

  it('an undelivered receipt falls back only when fallbackOnDeliveryFailure is on', async () => {
    const ends = await sendFromSubaccount();
    await h.dispatch();
    await h.receipt({ providerEventId: randomUUID(), carrier: 'sim', carrierMessageId: 'cm-1', messageId: ends.messageId, attempt: 1, status: 'undelivered', errorCode: '30003' });
    expect((await read(ends.messageId)).status).toBe('undelivered');

    h.clients.policy = { ...h.clients.policy, fallbackOnDeliveryFailure: true, receiptTimeoutSeconds: 0 };
    const falls = await sendFromSubaccount({ destination: '+14155550101' });
    await h.dispatch();
    await h.receipt({ providerEventId: randomUUID(), carrier: 'sim', carrierMessageId: 'cm-2', messageId: falls.messageId, attempt: 1, status: 'undelivered', errorCode: '30003' });
    await h.dispatch();
    const message = await read(falls.messageId);
    expect(message.status).toBe('dispatched');
    expect(message.channelHistory.map((a) => [a.channelType, a.status])).toEqual([
      ['Sms', 'undelivered'],
      ['WhatsApp', 'dispatched'],
    ]);
  });

  it('a channel refused at submission (carrier, consent, no sender) advances the route in every case', async () => {
    h.clients.policy = { ...h.clients.policy, receiptTimeoutSeconds: 0 };
    h.carrier.answer({ status: 422, body: { code: '21610', message: 'refused' } });
    const refused = await sendFromSubaccount();
    await h.dispatch();
    await h.dispatch();
    const message = await read(refused.messageId);
    expect(message.channelHistory.map((a) => [a.channelType, a.status])).toEqual([
      ['Sms', 'failed'],
      ['WhatsApp', 'dispatched'],
    ]);
    expect(message.channelHistory[0].cost).toBe(0);

    h.clients.permission = { allowed: false, reason: 'recipient opted out' };
    const blocked = await sendFromSubaccount({ destination: '+14155550102' });
    await h.dispatch();
    await h.dispatch();
    const twice = await read(blocked.messageId);
    // Both channels refused by consent: never sent, and the last refusal ends it.
    expect(twice.status).toBe('failed');
    expect(twice.channelHistory).toEqual([]);
    expect(twice.auditTrail.map((a) => a.event)).toEqual(['accepted', 'fallback', 'rejected']);
    expect(twice.auditTrail[1].detail).toContain('Sms blocked by consent: recipient opted out');

    h.clients.permission = { allowed: true };
    h.clients.sender = { numberId: '', fromAddress: '' };
    const noSender = await sendFromSubaccount({ destination: '+14155550105' });
    await h.dispatch();
    const waiting = await read(noSender.messageId);
    // No Sms sender: on to WhatsApp at once; no sender there either and no channel left: it waits for one.
    expect(waiting.auditTrail.map((a) => a.event)).toEqual(['accepted', 'fallback']);
    expect(waiting.auditTrail[1].detail).toContain('no sender number for Sms');
    expect(waiting).toMatchObject({ status: 'queued', channelType: 'WhatsApp' });
  });

  it('skips a channel the destination cannot be addressed on, and leaves account-level and disabled-policy sends alone', async () => {
    h.clients.policy = { ...h.clients.policy, fallbackChain: ['Email', 'WhatsApp'] };
    const sent = await sendFromSubaccount();
    const message = await read(sent.messageId);
    expect(message.auditTrail[0].detail).toContain('route Sms -> WhatsApp');
    expect(message.auditTrail[0].detail).toContain('Email skipped: +14155550100 cannot be addressed on Email');

    const accountLevel = await h.send({ destination: '+14155550103', body: 'hi' });
    await h.dispatch();
    h.clock.advance(600);
    // Only the subaccount message falls back.
    expect(await timeouts()).toBe(1);
    await h.dispatch();
    expect((await h.get(accountLevel.messageId)).channelHistory).toHaveLength(1);
    expect((await read(sent.messageId)).channelHistory.map((a) => a.channelType)).toEqual(['Sms', 'WhatsApp']);
  });

  it('takes the enabled policy preferred channel when channelType is left out, else Sms', async () => {
    h.clients.policy = { ...h.clients.policy, preferredChannelType: 'WhatsApp', fallbackChain: ['Sms'] };
    expect((await sendFromSubaccount()).channelType).toBe('WhatsApp');
    h.clients.policy = { ...h.clients.policy, isEnabled: false };
    expect((await sendFromSubaccount({ destination: '+14155550104' })).channelType).toBe('Sms');
  });
});
