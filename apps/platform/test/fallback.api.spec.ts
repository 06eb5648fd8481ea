import type { ApiClient, ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, type SignedUpUser } from './support/journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

/**
 * Fallback across channels through the public API (spec 2.5, 3.1; issue 12
 * point 2, and issue 10's STOP reply then a send on fallback), driven by the
 * sandbox carrier's behaviours and the sandbox clock.
 */
let booted: BootedPlatform;
let api: ApiClient;
let owner: SignedUpUser;
let number: string;
let subaccountId: string;
let key: string;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  owner = await signUp(api, 'fallback');
  number = await sandboxNumber(api, owner.accessToken);
  subaccountId = (await api.post(`/v1/accounts/${owner.accountId}/subaccounts`, { token: owner.accessToken, body: { name: 'Clinic' } })).body.subaccountId;
  const created = await api.post('/v1/api-keys', {
    token: owner.accessToken,
    body: { name: 'fallback', rights: ['SendMessages', 'ReadMessages', 'ManageRouting', 'ManageRecipientConsent'] },
  });
  key = created.body.key;
}, 60_000);

const setPolicy = async (body: Record<string, unknown>) => {
  const res = await api.put(`/v1/subaccounts/${subaccountId}/routing-policy`, { apiKey: key, body });
  if (res.status !== 200) throw new Error(`routing policy: ${res.text}`);
  return res.body;
};
const behave = (destination: string, outcome: string) =>
  api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(destination)}`, { apiKey: key, body: { outcome, afterSeconds: 1 } });
const send = async (to: string, extra: Record<string, unknown> = {}) => {
  const res = await api.post(`/v1/subaccounts/${subaccountId}/messages`, { apiKey: key, body: { to, body: 'Your appointment is at 10:00', ...extra } });
  if (res.status !== 201) throw new Error(`send: ${res.text}`);
  return res.body as { messageId: string; channelType: string };
};
const read = (messageId: string) => api.get(`/v1/accounts/${owner.accountId}/messages/${messageId}`, { apiKey: key });
const waitForMessage = (messageId: string, done: (m: any) => boolean, what: string) =>
  waitFor(() => read(messageId), (r: ApiResponse) => r.status === 200 && done(r.body), { what }).then((r) => r.body);
const advance = (seconds: number) => api.post('/v1/sandbox/clock/advance', { apiKey: key, body: { seconds } });
const channelsOf = (message: any) => message.channelHistory.map((a: { channelType: string; status: string }) => [a.channelType, a.status]);

describe('fallback across channels (spec 3.1)', () => {
  it('sends on WhatsApp when no final receipt comes on SMS within the timeout, and leaves the last channel as it is', async () => {
    await setPolicy({ preferredChannelType: 'Sms', fallbackChain: ['WhatsApp'], isEnabled: true, receiptTimeoutSeconds: 60, fallbackOnDeliveryFailure: false });
    const to = freshDestination();
    await behave(to, 'no-receipt');
    const sent = await send(to);
    expect(sent.channelType).toBe('Sms');
    await waitForMessage(sent.messageId, (m) => m.status === 'dispatched', 'the SMS attempt');
    await advance(59);
    expect((await read(sent.messageId)).body.channelHistory).toHaveLength(1);
    await advance(1);
    const message = await waitForMessage(sent.messageId, (m) => m.channelHistory.length === 2 && m.status === 'dispatched', 'the WhatsApp attempt');
    expect(channelsOf(message)).toEqual([
      ['Sms', 'dispatched'],
      ['WhatsApp', 'dispatched'],
    ]);
    expect(message.channelHistory.map((a: { fromAddress: string }) => a.fromAddress)).toEqual([number, expect.any(String)]);
    expect(message.channelHistory.every((a: { cost: number }) => a.cost > 0)).toBe(true);
    expect(message.auditTrail.find((a: { event: string }) => a.event === 'fallback').detail).toContain('no final receipt within 60 s on Sms');
    await advance(3600);
    const last = (await read(sent.messageId)).body;
    expect(last.status).toBe('dispatched');
    expect(last.channelHistory).toHaveLength(2);
  });

  it('falls back on an undelivered receipt only with fallbackOnDeliveryFailure', async () => {
    await setPolicy({ fallbackOnDeliveryFailure: false, receiptTimeoutSeconds: 0 });
    const ends = freshDestination();
    await behave(ends, 'undelivered');
    const first = await send(ends);
    const ended = await waitForMessage(first.messageId, (m) => m.status === 'undelivered', 'the undelivered SMS');
    expect(channelsOf(ended)).toEqual([['Sms', 'undelivered']]);

    await setPolicy({ fallbackOnDeliveryFailure: true });
    const falls = freshDestination();
    await behave(falls, 'undelivered');
    const second = await send(falls);
    await advance(2);
    const both = await waitForMessage(second.messageId, (m) => m.channelHistory.length === 2 && m.status === 'undelivered', 'both channels undelivered');
    expect(channelsOf(both)).toEqual([
      ['Sms', 'undelivered'],
      ['WhatsApp', 'undelivered'],
    ]);
  });

  it('advances past a channel the carrier refuses, and skips one the destination has no address on', async () => {
    await setPolicy({ preferredChannelType: 'Sms', fallbackChain: ['Email', 'WhatsApp'], receiptTimeoutSeconds: 0, fallbackOnDeliveryFailure: false });
    const to = freshDestination();
    await behave(to, 'failed');
    const sent = await send(to);
    const message = await waitForMessage(sent.messageId, (m) => m.channelHistory.length === 2 && m.status === 'failed', 'both refusals');
    expect(channelsOf(message)).toEqual([
      ['Sms', 'failed'],
      ['WhatsApp', 'failed'],
    ]);
    expect(message.auditTrail[0].detail).toContain(`Email skipped: ${to} cannot be addressed on Email`);
  });

  it('uses the enabled policy preferred channel when channelType is left out, else Sms', async () => {
    await setPolicy({ preferredChannelType: 'WhatsApp', fallbackChain: ['Sms'], isEnabled: true });
    expect((await send(freshDestination())).channelType).toBe('WhatsApp');
    expect((await send(freshDestination(), { channelType: 'Sms' })).channelType).toBe('Sms');
    await setPolicy({ isEnabled: false });
    expect((await send(freshDestination())).channelType).toBe('Sms');
  });
});

describe('a STOP reply and fallback (issue 10 point 3)', () => {
  it('blocks the number on every channel of the route: the message never reaches the carrier', async () => {
    await setPolicy({ preferredChannelType: 'Sms', fallbackChain: ['WhatsApp'], isEnabled: true, receiptTimeoutSeconds: 60, fallbackOnDeliveryFailure: true });
    const person = freshDestination();
    const stop = await api.post('/v1/sandbox/inbound', { apiKey: key, body: { channelType: 'Sms', from: person, to: number, body: 'STOP' } });
    expect(stop.status).toBe(202);
    await waitFor(
      () => api.get(`/v1/accounts/${owner.accountId}/recipient-consent/preferences?recipient=${encodeURIComponent(person)}`, { apiKey: key }),
      (r) =>
        r.status === 200 &&
        ['Sms', 'WhatsApp'].every((channel) => r.body.channels.find((c: { channelType: string }) => c.channelType === channel)?.status === 'opted_out'),
      { what: 'the STOP recorded' },
    );
    const sent = await send(person);
    const message = await waitForMessage(sent.messageId, (m) => m.status === 'failed', 'the refusal on both channels');
    expect(message.channelHistory).toEqual([]);
    const events = message.auditTrail.map((a: { event: string; detail: string }) => [a.event, a.detail]);
    expect(events.map(([event]: string[]) => event)).toEqual(['accepted', 'fallback', 'rejected']);
    expect(events[1][1]).toContain('Sms blocked by consent');
    expect(events[2][1]).toContain('consent decided by entry');
  });
});
