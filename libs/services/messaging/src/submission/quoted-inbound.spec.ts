import { randomUUID } from 'node:crypto';
import type { Principal } from '@mp/grpc';
import { FakeClients } from '../testing/fake-clients';
import { refusal } from '../testing/refusal';
import { quotedInboundOf } from './quoted-inbound';

const A = randomUUID();
const S1 = randomUUID();
const person = '+14155550123';
const inboundId = randomUUID();
const admin: Principal = { kind: 'user', accountId: A, userId: randomUUID(), role: 'Admin' };
const scopedKey: Principal = { kind: 'api_key', accountId: A, apiKeyId: randomUUID(), subaccountId: S1, rights: ['SendMessages'] };

function clientsWith(inbound: { channelType?: string; from?: string; carrierMessageId?: string } = {}) {
  const clients = new FakeClients();
  const asked: Array<string | undefined> = [];
  const get = clients.replies.getInboundMessage;
  (clients.replies as { getInboundMessage: typeof get }).getInboundMessage = async (req) => {
    asked.push(req.subaccountId);
    return get(req);
  };
  clients.inbound.set(inboundId, {
    inboundMessage: {
      inboundMessageId: inboundId,
      accountId: A,
      channelType: inbound.channelType ?? 'WhatsApp',
      from: inbound.from ?? person,
      to: '+15550000001',
      body: 'Can we come at 8:30?',
      receivedAt: '2026-11-28T12:00:00.000Z',
      afterExpiry: false,
    },
    carrierMessageId: 'carrierMessageId' in inbound ? inbound.carrierMessageId : 'wamid.IN1',
  });
  return { clients, asked };
}

const request = (extra: Record<string, unknown> = {}) => ({ accountId: A, subaccountRoute: false, templateParameters: {}, inReplyToInboundMessageId: inboundId, ...extra });
const whatsappSend = { subaccountId: undefined, destination: person, channels: ['WhatsApp' as const] };

describe('quotedInboundOf', () => {
  it("keeps the inbound message's id and the wamid its WhatsApp attempt quotes", async () => {
    const { clients } = clientsWith();
    expect(await quotedInboundOf(clients, admin, request(), whatsappSend)).toEqual({ inboundMessageId: inboundId, carrierMessageId: 'wamid.IN1' });
  });

  it('answers nothing and asks nothing for a send answering no inbound message', async () => {
    const { clients } = clientsWith();
    expect(await quotedInboundOf(clients, admin, request({ inReplyToInboundMessageId: undefined }), whatsappSend)).toBeNull();
    expect(await quotedInboundOf(clients, admin, request({ inReplyToInboundMessageId: '  ' }), whatsappSend)).toBeNull();
    expect(clients.calls).toEqual([]);
  });

  it('accepts an SMS message whose fallback route reaches WhatsApp', async () => {
    const { clients } = clientsWith();
    expect(await quotedInboundOf(clients, admin, request(), { ...whatsappSend, channels: ['Sms', 'WhatsApp'] })).not.toBeNull();
  });

  it('looks in the subaccount for a caller limited to one, or on the subaccount route; account-wide otherwise', async () => {
    const { clients, asked } = clientsWith();
    const S2 = randomUUID();
    await quotedInboundOf(clients, scopedKey, request(), { ...whatsappSend, subaccountId: S1 }).catch(() => undefined);
    await quotedInboundOf(clients, admin, request({ subaccountRoute: true }), { ...whatsappSend, subaccountId: S2 }).catch(() => undefined);
    await quotedInboundOf(clients, admin, request(), { ...whatsappSend, subaccountId: S2 });
    expect(asked).toEqual([S1, S2, undefined]);
  });

  it('is NOT_FOUND when replies finds none for the account', async () => {
    const { clients } = clientsWith();
    expect((await refusal(quotedInboundOf(clients, { ...admin, accountId: randomUUID() }, request({ accountId: randomUUID() }), whatsappSend))).code).toBe('NOT_FOUND');
  });

  it.each([
    ['an SMS inbound message', { channelType: 'Sms' }, whatsappSend],
    ['an inbound message from someone else', { from: '+14155550999' }, whatsappSend],
    ['a message with no WhatsApp attempt', {}, { ...whatsappSend, channels: ['Sms' as const] }],
    ["an inbound message without the carrier's id", { carrierMessageId: undefined }, whatsappSend],
  ])('refuses %s with VALIDATION_FAILED naming the field', async (_what, inbound, send) => {
    const { clients } = clientsWith(inbound);
    const error = await refusal(quotedInboundOf(clients, admin, request(), send));
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys((error.extensions as { errors: Record<string, string[]> }).errors)).toEqual(['inReplyToInboundMessageId']);
  });
});
