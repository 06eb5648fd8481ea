import { randomUUID } from 'node:crypto';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { startProviderCallbackHarness, type ProviderCallbackHarness } from '../testing/provider-callback.test-harness';

let h: ProviderCallbackHarness;
beforeAll(async () => {
  h = await startProviderCallbackHarness();
});
afterAll(() => h.close());

const messaging = () => h.clientAs('messaging');
const receipt = (overrides: Record<string, unknown> = {}) => ({
  eventId: `smpp:smsc-a:${randomUUID()}:1:delivered`,
  carrierMessageId: '0a1b2c3d',
  reference: `${randomUUID()}:1`,
  status: 'undelivered',
  errorCode: '30003',
  occurredAt: '2026-11-27T10:00:00.000Z',
  ...overrides,
});
const receiptEvents = (eventId: string) =>
  h.published.filter((e) => e.topic === TOPICS.carrierReceipts && (e.payload as { providerEventId: string }).providerEventId === eventId);
const inboundEvents = (carrierMessageId: string) =>
  h.published.filter((e) => e.topic === TOPICS.carrierInbound && (e.payload as { carrierMessageId: string }).carrierMessageId === carrierMessageId);

/** Everything committed before a fresh receipt has been published once that receipt's event is. */
async function drained() {
  const sentinel = receipt();
  await messaging().recordCarrierReceipts({ carrier: 'smsc-a', receipts: [sentinel] });
  await h.waitForEvent((e) => (e.payload as { providerEventId?: string }).providerEventId === sentinel.eventId);
}

describe('RecordCarrierReceipts (a connection messaging holds)', () => {
  it('stores a structured receipt once and announces CarrierReceiptReceived once; a repeat is deduplicated', async () => {
    const r = receipt();
    await expect(messaging().recordCarrierReceipts({ carrier: 'smsc-a', receipts: [r] })).resolves.toEqual({ recordedEventIds: [r.eventId] });
    await expect(messaging().recordCarrierReceipts({ carrier: 'smsc-a', receipts: [r] })).resolves.toEqual({ recordedEventIds: [] });
    await drained();

    const events = receiptEvents(r.eventId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ key: r.reference.split(':')[0], type: 'CarrierReceiptReceived' });
    expect(providerCallbackEvents.CarrierReceiptReceived.fromJSON(events[0].payload)).toEqual({
      providerEventId: r.eventId,
      carrier: 'smsc-a',
      carrierMessageId: '0a1b2c3d',
      messageId: r.reference.split(':')[0],
      attempt: 1,
      status: 'undelivered',
      errorCode: '30003',
      occurredAt: '2026-11-27T10:00:00.000Z',
    });
    const rows = await h.db('carrier_events').where({ provider: 'smsc-a', event_id: r.eventId });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'receipts', status: 'undelivered', error_code: '30003', attempt: 1 });
  });

  it('is the same store as the HTTP route: an event id already stored for the carrier is not announced again', async () => {
    const r = receipt({ status: 'delivered', errorCode: undefined });
    await h.db('carrier_events').insert({
      provider: 'smsc-a', event_id: r.eventId, kind: 'receipts', carrier_message_id: 'x', message_id: r.reference.split(':')[0], attempt: 1,
      status: 'delivered', occurred_at: r.occurredAt, payload: '{}', received_at: new Date(),
    });
    await expect(messaging().recordCarrierReceipts({ carrier: 'smsc-a', receipts: [r] })).resolves.toEqual({ recordedEventIds: [] });
    await drained();
    expect(receiptEvents(r.eventId)).toHaveLength(0);
  });

  it('refuses any caller but messaging, and stores nothing', async () => {
    const r = receipt();
    await expect(h.clientAs('replies').recordCarrierReceipts({ carrier: 'smsc-a', receipts: [r] })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    // The gateway's own identity (anonymous, as it forwards provider callbacks): PERMISSION_DENIED, seen as an internal error.
    await expect(h.client.recordCarrierReceipts({ carrier: 'smsc-a', receipts: [r] })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(await h.db('carrier_events').where({ event_id: r.eventId })).toHaveLength(0);
  });

  it('checks receipts by the callback rules (INVALID_INPUT naming the field) and a carrier that is no connection name', async () => {
    await expect(messaging().recordCarrierReceipts({ carrier: 'smsc-a', receipts: [receipt({ reference: 'no-attempt' })] })).rejects.toMatchObject({
      code: 'INVALID_INPUT',
      detail: expect.stringContaining('receipts[0].reference'),
    });
    for (const carrier of ['SMSC A', '-smsc', 'smsc-', ''])
      await expect(messaging().recordCarrierReceipts({ carrier, receipts: [receipt()] })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
    await expect(messaging().recordCarrierReceipts({ carrier: 'smsc-a', receipts: [] })).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});

describe('RecordCarrierInbound (a connection messaging holds)', () => {
  const inbound = (overrides: Record<string, unknown> = {}) => ({
    carrier: 'smsc-a',
    eventId: `smpp:smsc-a:mo:${randomUUID()}`,
    carrierMessageId: `smpp:smsc-a:mo:${randomUUID()}`,
    channel: 'Sms',
    from: '+447700900123',
    to: '+15550000001',
    body: 'STOP',
    receivedAt: '2026-11-27T10:00:00.000Z',
    ...overrides,
  });

  it('stores it once per carrier message id and announces CarrierInboundReceived keyed by the sender once', async () => {
    const m = inbound();
    await expect(messaging().recordCarrierInbound(m)).resolves.toEqual({ accepted: true, eventId: m.eventId });
    await expect(messaging().recordCarrierInbound({ ...m, eventId: 'another' })).resolves.toEqual({ accepted: false, eventId: 'another' });
    await drained();
    const events = inboundEvents(m.carrierMessageId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ key: '+447700900123', type: 'CarrierInboundReceived' });
    expect(providerCallbackEvents.CarrierInboundReceived.fromJSON(events[0].payload)).toMatchObject({
      carrier: 'smsc-a',
      channelType: 'Sms',
      from: '+447700900123',
      to: '+15550000001',
      body: 'STOP',
    });
    expect(await h.db('carrier_inbound_messages').where({ provider: 'smsc-a', carrier_message_id: m.carrierMessageId })).toHaveLength(1);
  });

  it('refuses any caller but messaging, and checks the message by the callback rules', async () => {
    const m = inbound();
    await expect(h.clientAs('replies').recordCarrierInbound(m)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(messaging().recordCarrierInbound({ ...m, body: '' })).rejects.toMatchObject({ code: 'INVALID_INPUT', detail: expect.stringContaining('body') });
    expect(await h.db('carrier_inbound_messages').where({ carrier_message_id: m.carrierMessageId })).toHaveLength(0);
  });
});
