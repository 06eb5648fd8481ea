import { ApiClient } from './support/api-client';
import { signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { sharedPlatform, countRows, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'channels');
});

const send = (body: unknown) => api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body });

/** The account's sender for a channel, once routing has provisioned it. */
async function senderFor(kind: 'phoneNumber' | 'emailAddress'): Promise<string> {
  const numbers = await waitFor(
    () => api.get('/v1/numbers', { token: user.accessToken }),
    (r) => r.status === 200 && r.body.items.some((n: Record<string, string | null>) => n[kind]),
    { what: `the sandbox ${kind}` },
  );
  return numbers.body.items.find((n: Record<string, string | null>) => n[kind])[kind];
}

/** What the simulator's carriers filed under a carrier message id. */
const carrierSubmission = (carrierMessageId: string) =>
  booted.platform.adapters.databases.forSchema('carrier_simulator')('carrier_submissions').where({ carrier_message_id: carrierMessageId }).first();

/** What the simulator's carriers took from this account, by channel. */
const submissions = (channel: string) =>
  booted.platform.adapters.databases.forSchema('carrier_simulator')('carrier_submissions').where({ account_id: user.accountId, channel });

describe('each channel goes through its own sandbox carrier', () => {
  it('sends WhatsApp to an E.164 destination through the WhatsApp carrier, from the account WhatsApp number', async () => {
    const from = await senderFor('phoneNumber');
    const sent = await send({ channelType: 'WhatsApp', destination: '+447700900123', body: 'Your order has shipped', messageType: 'Transactional' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ channelType: 'WhatsApp', destination: '+447700900123', status: 'queued', messageType: 'Transactional' });
    const delivered = await waitForStatus(api, user, sent.body.messageId, ['delivered']);
    expect(delivered.body.channelHistory).toEqual([expect.objectContaining({ channelType: 'WhatsApp', fromAddress: from, status: 'delivered' })]);
    // Over Meta's Cloud API (the sandbox's whatsapp-cloud connection): the carrier's own message id, a wamid, which the
    // carrier filed for that destination. Meta's request names no sender number and no reference of ours.
    const events = (await api.get(`/v1/messages/${sent.body.messageId}/carrier-events`, { token: user.accessToken })).body.items;
    const accepted = events.find((e: { type: string }) => e.type === 'submission_accepted');
    expect(accepted).toMatchObject({ carrier: 'sim-whatsapp', channelType: 'WhatsApp', carrierMessageId: expect.stringMatching(/^wamid\./) });
    const taken = await carrierSubmission(accepted.carrierMessageId);
    expect(taken).toMatchObject({ channel: 'WhatsApp', to_address: '+447700900123' });
  });

  it('sends Email over SMTP into the sandbox mailbox, from the account email sender, and applies its receipt', async () => {
    const from = await senderFor('emailAddress');
    const to = `patient-${user.accountId.slice(0, 8)}@example.test`;
    const sent = await send({ channelType: 'Email', destination: to, body: 'Appointment confirmed\nSee you at 10:00.', externalId: 'req-mail-1', messageType: 'Marketing' });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ channelType: 'Email', destination: to, externalId: 'req-mail-1', messageType: 'Marketing' });
    const delivered = await waitForStatus(api, user, sent.body.messageId, ['delivered']);
    expect(delivered.body.channelHistory).toEqual([expect.objectContaining({ channelType: 'Email', fromAddress: from, status: 'delivered' })]);
    expect(delivered.body.auditTrail.map((a: { toStatus: string }) => a.toStatus)).toEqual(['queued', 'dispatched', 'delivered']);

    const mailbox = await api.get(`/v1/sandbox/mailbox?to=${encodeURIComponent(to)}`);
    expect(mailbox.status).toBe(200);
    expect(mailbox.body.items).toEqual([
      { to, from, subject: 'Appointment confirmed', text: expect.stringContaining('See you at 10:00.'), sentAt: expect.any(String) },
    ]);
    const taken = await submissions('Email');
    expect(taken).toHaveLength(1);
    expect(taken[0].carrier_message_id).toMatch(/^email-/);
  });

  it('an email the carrier refuses ends failed with the refusal, and no mail is filed', async () => {
    const to = `refused-${user.accountId.slice(0, 8)}@example.test`;
    const set = await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(to)}`, { token: user.accessToken, body: { outcome: 'failed' } });
    expect(set.status).toBe(200);
    const sent = await send({ channelType: 'Email', destination: to, body: 'hello' });
    expect(sent.status).toBe(201);
    const failed = await waitForStatus(api, user, sent.body.messageId, ['failed']);
    // The reason is from the documented set; the carrier's own words are in the carrier events.
    expect(failed.body.channelHistory[0]).toMatchObject({ channelType: 'Email', status: 'failed', failureReason: 'destination refused by carrier' });
    expect((await api.get(`/v1/sandbox/mailbox?to=${encodeURIComponent(to)}`)).body.items).toEqual([]);
  });

  it('echoes messageType (Transactional by default) and externalId on the message', async () => {
    const sent = await send({ destination: '+14155550170', body: 'default type', externalId: 'ext-42', actor: 'billing-job', clientReference: null });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      messageType: 'Transactional',
      externalId: 'ext-42',
      actor: 'billing-job',
      channelType: 'Sms',
      priority: 'Normal',
      clientReference: null,
    });
    const read = await api.get(`/v1/accounts/${user.accountId}/messages/${sent.body.messageId}`, { token: user.accessToken });
    expect(read.body).toMatchObject({ messageType: 'Transactional', externalId: 'ext-42', actor: 'billing-job' });
  });
});

describe('a submission with a bad field is refused, naming the field, and nothing is stored', () => {
  const tooLong = (n: number) => 'x'.repeat(n);
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['an unknown field', { destination: '+14155550180', body: 'hi', colour: 'blue' }, 'colour'],
    ['an unknown channelType', { channelType: 'Fax', destination: '+14155550180', body: 'hi' }, 'channelType'],
    ['a channelType of the wrong case', { channelType: 'sms', destination: '+14155550180', body: 'hi' }, 'channelType'],
    ['a channelType that is not a string', { channelType: 1, destination: '+14155550180', body: 'hi' }, 'channelType'],
    ['no recipient', { body: 'hi' }, 'destination'],
    ['a null destination', { destination: null, body: 'hi' }, 'destination'],
    ['an Sms destination that is not E.164', { channelType: 'Sms', destination: '4155550180', body: 'hi' }, 'destination'],
    ['a WhatsApp destination that is an email address', { channelType: 'WhatsApp', destination: 'a@example.test', body: 'hi' }, 'destination'],
    ['an Email destination that is a phone number', { channelType: 'Email', destination: '+14155550180', body: 'hi' }, 'destination'],
    ['an Email destination that is not an address', { channelType: 'Email', destination: 'not-an-address', body: 'hi' }, 'destination'],
    ['a destination that is not a string', { destination: 14155550180, body: 'hi' }, 'destination'],
    ['a `to` that is not E.164', { to: '555-0180', body: 'hi' }, 'to'],
    ['destination and to that differ', { destination: '+14155550180', to: '+14155550181', body: 'hi' }, 'to'],
    ['a null body', { destination: '+14155550180', body: null }, 'body'],
    ['a null channelType', { channelType: null, destination: '+14155550180', body: 'hi' }, 'channelType'],
    ['a null priority', { destination: '+14155550180', body: 'hi', priority: null }, 'priority'],
    ['no body and no templateId', { destination: '+14155550180' }, 'body'],
    ['a body that is not a string', { destination: '+14155550180', body: 42 }, 'body'],
    ['a body over the Sms limit', { destination: '+14155550180', body: tooLong(1601) }, 'body'],
    ['an unknown messageType', { destination: '+14155550180', body: 'hi', messageType: 'Promotional' }, 'messageType'],
    ['an unknown priority', { destination: '+14155550180', body: 'hi', priority: 'High' }, 'priority'],
    ['an actor that is not a string', { destination: '+14155550180', body: 'hi', actor: { name: 'x' } }, 'actor'],
    ['an actor over its limit', { destination: '+14155550180', body: 'hi', actor: tooLong(257) }, 'actor'],
    ['a clientReference over 128 characters', { destination: '+14155550180', body: 'hi', clientReference: tooLong(129) }, 'clientReference'],
    ['a clientReference that is not a string', { destination: '+14155550180', body: 'hi', clientReference: 7 }, 'clientReference'],
    ['an externalId over its limit', { destination: '+14155550180', body: 'hi', externalId: tooLong(129) }, 'externalId'],
    ['an externalId that is not a string', { destination: '+14155550180', body: 'hi', externalId: 12 }, 'externalId'],
    ['a templateId that is not a UUID', { destination: '+14155550180', templateId: 'welcome' }, 'templateId'],
    ['templateParameters that are not strings', { destination: '+14155550180', body: 'hi', templateParameters: { name: 3 } }, 'templateParameters.name'],
    ['templateParameters that are not an object', { destination: '+14155550180', body: 'hi', templateParameters: ['a'] }, 'templateParameters'],
    ['templateParameters without a templateId', { destination: '+14155550180', body: 'hi', templateParameters: { name: 'Ann' } }, 'templateParameters'],
    ['a subaccountId that is not a UUID', { destination: '+14155550180', body: 'hi', subaccountId: 'clinic' }, 'subaccountId'],
    ['a sendAt without Z', { destination: '+14155550180', body: 'hi', sendAt: '2030-01-01T10:00:00' }, 'sendAt'],
    ['an expiresAt that is not a date', { destination: '+14155550180', body: 'hi', expiresAt: 'tomorrow' }, 'expiresAt'],
  ];

  it.each(cases)('%s', async (_what, body, field) => {
    const before = await countRows(booted.platform, 'messaging', 'messages');
    const outboxBefore = await countRows(booted.platform, 'messaging', 'outbox', { type: 'MessageAccepted' });
    const res = await send(body);
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', traceId: expect.any(String) });
    expect(res.body.errors[field]).toEqual([expect.any(String)]);
    expect(await countRows(booted.platform, 'messaging', 'messages')).toBe(before);
    expect(await countRows(booted.platform, 'messaging', 'outbox', { type: 'MessageAccepted' })).toBe(outboxBefore);
  });

  it('a templateId the account has no template for is 404, and nothing is stored', async () => {
    const before = await countRows(booted.platform, 'messaging', 'messages');
    const res = await send({ destination: '+14155550180', templateId: '6f1c1d7e-8a4b-4c1e-9d3f-2b7a5e0c9d11', templateParameters: { name: 'Ann' } });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND', detail: expect.stringContaining('Template') });
    expect(await countRows(booted.platform, 'messaging', 'messages')).toBe(before);
  });

  it('names every bad field of one request at once', async () => {
    const res = await send({ channelType: 'Email', destination: '+14155550180', body: 'hi', priority: 'Soon', extra: 1 });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.errors).sort()).toEqual(expect.arrayContaining(['extra']));
  });
});
