import { createHmac, randomUUID } from 'node:crypto';
import { providerCallbackEvents, TOPICS } from '@mp/contracts';
import { startProviderCallbackHarness, type ProviderCallbackHarness } from '../testing/provider-callback.test-harness';

const sign = (raw: Buffer, secret = 'sandbox-sim-secret') => createHmac('sha256', secret).update(raw).digest('hex');
const inbound = (overrides: Record<string, unknown> = {}) => ({
  eventId: randomUUID(),
  carrierMessageId: `wamid.${randomUUID()}`,
  channel: 'WhatsApp',
  from: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  to: '+15550000001',
  body: 'C',
  receivedAt: '2026-10-20T12:00:01.500+02:00',
  ...overrides,
});
const bytes = (payload: object) => Buffer.from(JSON.stringify(payload));

let h: ProviderCallbackHarness;
const ingest = (raw: Buffer, signature = sign(raw)) => h.client.ingestCallback({ provider: 'sim', kind: 'inbound', rawBody: raw, signature });
const stored = () => h.db('carrier_inbound_messages').orderBy('id');
const inboundEvents = () => h.published.filter((e) => e.topic === TOPICS.carrierInbound);

/** Waits until the event of callback `eventId` has been published. */
const publishedFor = (eventId: string) =>
  h.waitForEvent((e) => e.topic === TOPICS.carrierInbound && (e.payload as { providerEventId: string }).providerEventId === eventId);

/** Posts a fresh good callback and waits for its event: everything committed before it has been published by then. */
async function sentinel() {
  const payload = inbound({ channel: 'Sms', carrierMessageId: `sim-${randomUUID()}` });
  await ingest(bytes(payload));
  await publishedFor(payload.eventId);
}

beforeAll(async () => {
  h = await startProviderCallbackHarness();
});
afterAll(() => h.close());

describe('IngestCallback: carrier inbound', () => {
  it('stores a good callback as received and publishes CarrierInboundReceived keyed by the sender, once', async () => {
    const payload = inbound({ context: { id: 'wamid.quoted-1' } });
    const raw = bytes(payload);
    await expect(ingest(raw)).resolves.toEqual({ accepted: true, eventId: payload.eventId });

    const event = await publishedFor(payload.eventId);
    expect(event).toMatchObject({ topic: TOPICS.carrierInbound, key: payload.from, type: 'CarrierInboundReceived', version: 1 });
    expect(providerCallbackEvents.CarrierInboundReceived.fromJSON(event.payload)).toEqual({
      providerEventId: payload.eventId,
      carrier: 'sim',
      carrierMessageId: payload.carrierMessageId,
      channelType: 'WhatsApp',
      from: payload.from,
      to: '+15550000001',
      body: 'C',
      receivedAt: '2026-10-20T10:00:01.500Z',
      contextCarrierMessageId: 'wamid.quoted-1',
    });
    const [row] = await h.db('carrier_inbound_messages').where({ carrier_message_id: payload.carrierMessageId });
    expect(row).toMatchObject({
      provider: 'sim',
      event_id: payload.eventId,
      channel: 'WhatsApp',
      from_address: payload.from,
      to_address: '+15550000001',
      body: 'C',
      context_carrier_message_id: 'wamid.quoted-1',
      raw_body: raw.toString('utf8'),
    });
    expect(new Date(row.received_at).toISOString()).toBe('2026-10-20T10:00:01.500Z');
  });

  it('publishes no context for a message that quotes nothing', async () => {
    const payload = inbound({ channel: 'Email', from: 'pat@example.com', to: 'sender-0a1b2c3d@sandbox.messaging.local', body: 'Thanks!' });
    await ingest(bytes(payload));
    const event = await publishedFor(payload.eventId);
    expect(event.key).toBe('pat@example.com');
    expect(event.payload).not.toHaveProperty('contextCarrierMessageId');
  });

  it('changes nothing for a repeat of the same carrier message, with the same or another event id', async () => {
    const payload = inbound();
    await ingest(bytes(payload));
    await publishedFor(payload.eventId);
    const rows = (await stored()).length;
    const events = inboundEvents().length;

    await expect(ingest(bytes(payload))).resolves.toEqual({ accepted: false, eventId: payload.eventId });
    const again = { ...payload, eventId: randomUUID(), body: 'R' };
    await expect(ingest(bytes(again))).resolves.toEqual({ accepted: false, eventId: again.eventId });

    await sentinel();
    expect(inboundEvents()).toHaveLength(events + 1); // the sentinel's only
    expect(await stored()).toHaveLength(rows + 1);
    const [row] = await h.db('carrier_inbound_messages').where({ carrier_message_id: payload.carrierMessageId });
    expect(row).toMatchObject({ event_id: payload.eventId, body: 'C' });
  });

  it('refuses a missing or wrong signature with UNAUTHORIZED and stores nothing', async () => {
    const raw = bytes(inbound());
    const [rows, events] = [(await stored()).length, inboundEvents().length];
    await expect(ingest(raw, '')).rejects.toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    await expect(ingest(raw, sign(raw, 'not-the-secret'))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await expect(ingest(raw, sign(Buffer.concat([raw, Buffer.from(' ')])))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    // A bad signature on an invalid body: the signature is what is answered.
    await expect(ingest(Buffer.from('{"eventId":'), 'f'.repeat(64))).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    await sentinel();
    expect(await stored()).toHaveLength(rows + 1);
    expect(inboundEvents()).toHaveLength(events + 1);
  });

  it.each([
    [{ channel: 'Fax' }, 'channel'],
    [{ from: '' }, 'from'],
    [{ to: 'x'.repeat(321) }, 'to'],
    [{ body: '' }, 'body'],
    [{ receivedAt: '2026-10-20 10:00' }, 'receivedAt'],
    [{ carrierMessageId: undefined }, 'carrierMessageId'],
    [{ context: { id: '' } }, 'context.id'],
  ])('refuses %p as INVALID_INPUT naming %s, storing nothing', async (overrides, field) => {
    const payload = inbound(overrides);
    const rows = (await stored()).length;
    const error = await ingest(bytes(payload)).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'INVALID_INPUT', status: 400, detail: expect.stringContaining(field) });
    expect(Object.keys((error as { extensions: { errors: object } }).extensions.errors)).toEqual([field]);
    expect(await stored()).toHaveLength(rows);
  });

  it('refuses a body that is not a JSON object', async () => {
    const raw = Buffer.from('["not", "an", "object"]');
    await expect(ingest(raw)).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });
});
