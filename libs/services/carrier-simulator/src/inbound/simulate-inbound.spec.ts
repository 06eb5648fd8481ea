import { randomUUID } from 'node:crypto';
import type { Principal } from '@mp/grpc';
import { fakeRouting } from '../testing/fake-routing';
import { fakeSentMessages, type SentMessage } from '../testing/fake-sent-messages';
import { principalOf, startSimulatorHarness, type SimulatorHarness } from '../testing/simulator.test-harness';

const [A, B, S1] = [randomUUID(), randomUUID(), randomUUID()];
const SMS_WA = '+15550000001';
const EMAIL = 'sender-0a1b2c3d@sandbox.messaging.local';
const { routing, calls } = fakeRouting([
  { accountId: A, address: SMS_WA, channelTypes: ['Sms', 'WhatsApp'] },
  { accountId: A, address: EMAIL, channelTypes: ['Email'] },
  { accountId: A, address: '+15550000009', channelTypes: ['Sms'], status: 'released' },
  { accountId: A, subaccountId: S1, address: '+15550000002', channelTypes: ['Sms'] },
  { accountId: B, address: '+15550000003', channelTypes: ['Sms', 'WhatsApp'] },
]);
const customer = principalOf(A);

const messaging = fakeSentMessages();
let sim: SimulatorHarness;
beforeAll(async () => {
  sim = await startSimulatorHarness({ routing, messaging: messaging.sentMessages });
});
afterAll(() => sim.close());
beforeEach(() => {
  calls.length = 0;
});

const inbound = (overrides: Record<string, unknown> = {}, principal: Principal = customer) =>
  sim.client.simulateInbound({ accountId: A, channelType: 'Sms', from: '+15557654321', to: SMS_WA, body: 'C', ...overrides }, { principal });
const count = async () => (await sim.db('inbound_callbacks').count<{ n: string }[]>('* as n'))[0].n;

/** Expects the call to be refused with `expected`, and nothing to be filed. */
async function expectRefused(call: Promise<unknown>, expected: Record<string, unknown>) {
  const before = await count();
  await expect(call).rejects.toMatchObject(expected);
  expect(await count()).toBe(before);
}

describe('SimulateInbound', () => {
  it('files the message to post and answers what the carrier received', async () => {
    const before = sim.clock.now();
    const answer = await inbound({ body: ' C ' });
    const after = sim.clock.now();
    expect(answer).toEqual({
      eventId: expect.any(String),
      carrierMessageId: expect.stringMatching(/^sim-[0-9a-f-]{36}$/),
      channelType: 'Sms',
      from: '+15557654321',
      to: SMS_WA,
      body: ' C ',
      receivedAt: expect.any(String),
    });
    // Received while the call ran, by the sandbox clock (however long a loaded machine takes).
    const receivedAt = new Date(answer.receivedAt!).getTime();
    expect(receivedAt).toBeGreaterThanOrEqual(before.getTime());
    expect(receivedAt).toBeLessThanOrEqual(after.getTime());
    const row = await sim.db('inbound_callbacks').where({ event_id: answer.eventId }).first();
    expect(row).toMatchObject({
      carrier_message_id: answer.carrierMessageId,
      channel: 'Sms',
      from_address: '+15557654321',
      to_address: SMS_WA,
      body: ' C ',
      context_id: null,
      attempts: 0,
      sent_at: null,
    });
    expect(new Date(row.received_at).toISOString()).toBe(answer.receivedAt);
    expect(new Date(row.next_attempt_at).toISOString()).toBe(answer.receivedAt); // due at once
    // Routing was asked as the caller, for the caller's account.
    expect(calls).toEqual([{ request: { accountId: A, subaccountId: undefined }, principal: customer }]);
  });

  it('takes WhatsApp and Email too, an email address in any case', async () => {
    await expect(inbound({ channelType: 'WhatsApp', body: 'R' })).resolves.toMatchObject({ channelType: 'WhatsApp', carrierMessageId: expect.stringMatching(/^wamid\./) });
    const email = await inbound({ channelType: 'Email', from: 'Pat@Example.com', to: EMAIL.toUpperCase(), body: 'Yes please' });
    // `to` as routing holds the sender address; `from` as the sender wrote it.
    expect(email).toMatchObject({ channelType: 'Email', from: 'Pat@Example.com', to: EMAIL, carrierMessageId: expect.stringMatching(/^email-/) });
  });

  it('is NOT_FOUND unless the caller holds an active number for the channel', async () => {
    await expectRefused(inbound({ to: '+15550000003' }), { code: 'NOT_FOUND', status: 404, detail: 'No Sms number +15550000003 in this account.' });
    await expectRefused(inbound({ to: '+15550000009' }), { code: 'NOT_FOUND', detail: 'No Sms number +15550000009 in this account.' });
    await expectRefused(inbound({ to: '+15550000002', channelType: 'WhatsApp' }), { code: 'NOT_FOUND', detail: 'No WhatsApp number +15550000002 in this account.' });
    await expectRefused(inbound({ channelType: 'Email', from: 'pat@example.com', to: 'other@sandbox.messaging.local' }), {
      code: 'NOT_FOUND',
      detail: 'No Email sender address other@sandbox.messaging.local in this account.',
    });
  });

  it('holds a subaccount-limited caller to its subaccount’s numbers', async () => {
    const limited = { kind: 'api_key' as const, accountId: A, apiKeyId: 'key-limited', subaccountId: S1 };
    await expect(inbound({ to: '+15550000002' }, limited)).resolves.toMatchObject({ to: '+15550000002' });
    expect(calls[0]).toEqual({ request: { accountId: A, subaccountId: S1 }, principal: limited });
    await expectRefused(inbound({ to: SMS_WA }, limited), { code: 'NOT_FOUND' });
    await expectRefused(inbound({ subaccountId: randomUUID() }, limited), { code: 'NOT_FOUND', detail: 'Subaccount not found.' });
  });

  it('never reaches another account, and does not ask routing for it', async () => {
    await expectRefused(inbound({ accountId: B, to: '+15550000003' }), { code: 'NOT_FOUND', detail: 'Account not found.' });
    expect(calls).toEqual([]);
  });

  it('names every bad field', async () => {
    const error = await inbound({ channelType: 'Fax', from: '', to: ' ', body: '  ' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(Object.keys((error as { extensions: { errors: object } }).extensions.errors).sort()).toEqual(['body', 'channelType', 'from', 'to']);
    expect(calls).toEqual([]);
  });

  it.each([
    [{ from: '5557654321' }, 'from'],
    [{ from: '+1555' }, 'from'],
    [{ from: '+1415555001' }, 'from'], // nine national digits under +1: impossible
    [{ channelType: 'Email', from: 'pat@good-corp.com(x)evil.com', to: EMAIL }, 'from'],
    [{ to: 'sender@sandbox.messaging.local' }, 'to'],
    [{ channelType: 'Email', from: '+15557654321', to: EMAIL }, 'from'],
    [{ channelType: 'Email', from: 'pat@example.com', to: SMS_WA }, 'to'],
    [{ body: 'x'.repeat(1601) }, 'body'],
    [{ quotedMessageId: randomUUID() }, 'quotedMessageId'],
    [{ channelType: 'WhatsApp', quotedMessageId: 'not-a-uuid' }, 'quotedMessageId'],
  ])('refuses %p naming %s, storing nothing', async (overrides, field) => {
    await expectRefused(inbound(overrides), { code: 'VALIDATION_FAILED', extensions: { errors: { [field]: expect.any(Array) } } });
  });

  it('takes a body of exactly 1600 characters, counting an emoji as one', async () => {
    await expect(inbound({ body: '😀'.repeat(1600) })).resolves.toMatchObject({ to: SMS_WA });
  });
});

describe('SimulateInbound quoting a WhatsApp message', () => {
  const person = '+15557650000';
  const sent = (overrides: Partial<SentMessage> = {}) => {
    const message: SentMessage = { accountId: A, messageId: randomUUID(), destination: person, channelType: 'WhatsApp', carrierMessageIds: [`wamid.${randomUUID()}`], ...overrides };
    messaging.add(message);
    return message;
  };

  it('names the quoted message by the wamid the platform recorded for its latest attempt', async () => {
    const message = sent({ carrierMessageIds: ['wamid.first', 'wamid.second'] });
    const answer = await inbound({ channelType: 'WhatsApp', from: person, body: 'C', quotedMessageId: message.messageId });
    expect(answer).toMatchObject({ quotedMessageId: message.messageId });
    const [row] = await sim.db('inbound_callbacks').where({ event_id: answer.eventId });
    expect(row.context_id).toBe('wamid.second');
  });

  it('is NOT_FOUND for a message never sent, sent to someone else, sent by another account, or sent by SMS', async () => {
    const toOther = sent({ destination: '+15557659999' });
    const byOther = sent({ accountId: B });
    const sms = sent({ channelType: 'Sms', carrierMessageIds: ['sim-1'] });
    for (const quotedMessageId of [randomUUID(), toOther.messageId, byOther.messageId, sms.messageId]) {
      await expectRefused(inbound({ channelType: 'WhatsApp', from: person, quotedMessageId }), { code: 'NOT_FOUND', detail: 'Message not found.' });
    }
  });
});

