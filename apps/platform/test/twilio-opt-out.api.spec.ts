import { MESSAGE_CREATED, restError, startFakeTwilio, type FakeTwilio } from '@mp/messaging/src/carriers/twilio/testing/fake-twilio';
import { ApiClient } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, waitForStatus, type SignedUpUser } from './support/journeys';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

// Issue 29 point 3: Twilio's REST error 21610 ("Attempt to send to unsubscribed recipient": the person texted STOP to
// that sender at Twilio) refuses the send and is recorded as the person's opt-out at that number, so the next send
// from it is refused by consent and never reaches Twilio; a send to someone else still goes.

jest.setTimeout(120_000);

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TWILIO = { name: 'twilio-a', protocol: 'twilio', channel: 'Sms', numbers: ['*'], priority: 1, accountSid: ACCOUNT_SID, authToken: 'twilio-auth-token-0123456789abcdef', publicBaseUrl: 'https://callbacks.example.com' };

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
let twilio: FakeTwilio;
let from: string;

beforeAll(async () => {
  twilio = await startFakeTwilio();
  // A database of its own (embedded): on the PostgreSQL tier another platform's dispatch would send these messages.
  booted = await bootPlatform({ DATABASE_URL: '', CARRIER_CONNECTIONS: JSON.stringify([{ ...TWILIO, baseUrl: twilio.url }]) });
  api = booted.api;
  user = await signUp(api, 'twilio-opt-out');
  from = await sandboxNumber(api, user.accessToken);
});

afterAll(async () => {
  await booted?.stop();
  await twilio?.stop();
});

const send = async (to: string) => {
  const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, body: { to, body: 'Your order has shipped' } });
  expect(sent.status).toBe(201);
  return sent.body.messageId as string;
};
const requestsTo = (to: string) => twilio.requests.filter((r) => r.form.To === to).length;
const optOuts = (recipient: string) =>
  api.get(`/v1/accounts/${user.accountId}/recipient-consent/opt-outs?recipient=${encodeURIComponent(recipient)}`, { token: user.accessToken });

it("records Twilio's 21610 as the recipient's opt-out at the sending number, and consent refuses the next send from it before Twilio", async () => {
  const person = freshDestination();
  twilio.answer((request) => (request.form.To === person ? restError(21610) : MESSAGE_CREATED));

  const first = await waitForStatus(api, user, await send(person), ['failed', 'dispatched']);
  expect(first.body.status).toBe('failed');
  expect(first.body.channelHistory).toEqual([expect.objectContaining({ channelType: 'Sms', status: 'failed', cost: 0, failureReason: 'recipient unsubscribed at the carrier' })]);
  expect(requestsTo(person)).toBe(1);
  expect(twilio.requests.at(-1)?.form).toMatchObject({ From: from, To: person });

  const listed = await waitFor(
    () => optOuts(person),
    (r) => r.status === 200 && r.body.items.length > 0,
    { what: "the carrier's opt-out in the consent API" },
  );
  expect(listed.body.items).toEqual([
    expect.objectContaining({
      recipient: person,
      channelType: 'Sms',
      scope: 'stopReply',
      receivingNumber: from,
      source: 'stop_reply',
      reason: 'carrier: recipient unsubscribed (Twilio 21610)',
    }),
  ]);

  // Twilio would take it now: only consent can stop it.
  twilio.answer(MESSAGE_CREATED);
  const second = await waitForStatus(api, user, await send(person), ['failed', 'dispatched']);
  expect(second.body.status).toBe('failed');
  expect(second.body.channelHistory).toEqual([]);
  expect(second.body.auditTrail.at(-1)).toMatchObject({ event: 'rejected', toStatus: 'failed', detail: expect.stringContaining(`replying STOP to ${from}`) });
  expect(requestsTo(person)).toBe(1);

  // Someone else is still sent to from that number.
  const other = freshDestination();
  expect((await waitForStatus(api, user, await send(other), ['failed', 'dispatched'])).body.status).toBe('dispatched');
  expect(requestsTo(other)).toBe(1);
});
