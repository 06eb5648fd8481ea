import { SANDBOX_WHATSAPP_CLOUD } from '@mp/carrier-simulator';
import type { ApiClient, ApiResponse } from './support/api-client';
import { freshDestination, signUp, type SignedUpUser } from './support/journeys';
import { metaMessageWebhook, metaSignature } from './support/meta-webhooks';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

/**
 * A tapped WhatsApp reply button chooses the reply option its id names (issue
 * 29 point 2), through the public API and a signed Meta webhook to the
 * sandbox's whatsapp-cloud connection. Only SMS templates offer options
 * (spec 2.3), so the message offering them reaches WhatsApp by fallback: an
 * SMS reminder without a final receipt is sent again on WhatsApp, and the
 * person answers that WhatsApp message by tapping a button.
 */
let booted: BootedPlatform;
let api: ApiClient;
let owner: SignedUpUser;
let subaccountId: string;
let key: string;
let templateId: string;

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  owner = await signUp(api, 'wa-buttons');
  subaccountId = (await api.post(`/v1/accounts/${owner.accountId}/subaccounts`, { token: owner.accessToken, body: { name: 'Clinic' } })).body.subaccountId;
  const created = await api.post('/v1/api-keys', {
    token: owner.accessToken,
    body: { name: 'wa-buttons', rights: ['SendMessages', 'ReadMessages', 'ManageRouting'] },
  });
  key = created.body.key;
  const template = await api.post('/v1/templates', {
    token: owner.accessToken,
    body: {
      name: 'Appointment reminder',
      channelType: 'Sms',
      bodyTemplate: 'Your appointment is on Monday. Reply C to confirm, R to reschedule.',
      replyOptions: [
        { key: 'C', value: 'Confirm', aliases: ['ok'] },
        { key: 'R', value: 'Reschedule', aliases: [] },
      ],
    },
  });
  if (template.status !== 201) throw new Error(`template: ${template.text}`);
  templateId = template.body.templateId;
  const policy = await api.put(`/v1/subaccounts/${subaccountId}/routing-policy`, {
    apiKey: key,
    body: { preferredChannelType: 'Sms', fallbackChain: ['WhatsApp'], isEnabled: true, receiptTimeoutSeconds: 60, fallbackOnDeliveryFailure: false },
  });
  if (policy.status !== 200) throw new Error(`routing policy: ${policy.text}`);
}, 60_000);

const read = (messageId: string) => api.get(`/v1/accounts/${owner.accountId}/messages/${messageId}`, { apiKey: key });
const repliesTo = (messageId: string) => api.get(`/v1/accounts/${owner.accountId}/messages/${messageId}/replies`, { apiKey: key });
const clockNow = async () => new Date((await api.get('/v1/sandbox/clock')).body.now);

/** MessageReceived as replies published it (what webhooks deliver). */
async function messageReceived(inboundMessageId: string): Promise<Array<Record<string, any>>> {
  const rows = await booted.platform.adapters.databases.forSchema('replies')('outbox').where({ type: 'MessageReceived' });
  return rows
    .map((row: { envelope: string | { payload: Record<string, unknown> } }) => (typeof row.envelope === 'string' ? JSON.parse(row.envelope).payload : row.envelope.payload))
    .filter((p: { inboundMessageId: string }) => p.inboundMessageId === inboundMessageId);
}

/** A reminder with reply options, sent on SMS and then, without a final receipt, on WhatsApp: the message, its WhatsApp number and wamid. */
async function reminderOnWhatsApp(to: string): Promise<{ messageId: string; whatsAppNumber: string; wamid: string }> {
  const behaved = await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(to)}`, { apiKey: key, body: { outcome: 'no-receipt', afterSeconds: 1 } });
  expect(behaved.status).toBe(200);
  const sent = await api.post(`/v1/subaccounts/${subaccountId}/messages`, { apiKey: key, body: { to, templateId } });
  expect(sent.status).toBe(201);
  expect(sent.body).toMatchObject({ channelType: 'Sms', replyStatus: 'Awaiting' });
  const messageId = sent.body.messageId as string;
  await waitFor(() => read(messageId), (r: ApiResponse) => r.body.status === 'dispatched', { what: 'the SMS attempt' });
  expect((await api.post('/v1/sandbox/clock/advance', { apiKey: key, body: { seconds: 60 } })).status).toBe(200);
  const onWhatsApp = await waitFor(
    () => read(messageId),
    (r: ApiResponse) => r.body.channelHistory?.length === 2 && r.body.status === 'dispatched',
    { what: 'the WhatsApp attempt' },
  );
  const attempt = onWhatsApp.body.channelHistory[1];
  expect(attempt.channelType).toBe('WhatsApp');
  const events = await waitFor(
    async () => (await api.get(`/v1/messages/${messageId}/carrier-events`, { token: owner.accessToken })).body.items as Array<Record<string, any>>,
    (items) => items.some((e) => e.type === 'submission_accepted' && e.channelType === 'WhatsApp'),
    { what: 'the wamid of the WhatsApp attempt' },
  );
  const accepted = events.find((e) => e.type === 'submission_accepted' && e.channelType === 'WhatsApp')!;
  expect(accepted).toMatchObject({ carrier: SANDBOX_WHATSAPP_CLOUD.connectionName, carrierMessageId: expect.stringMatching(/^wamid\./) });
  return { messageId, whatsAppNumber: attempt.fromAddress, wamid: accepted.carrierMessageId };
}

const digits = (e164: string) => e164.replace(/^\+/, '');

/** Meta's messages webhook for an interactive reply-button tap (…/webhooks/reference/messages/interactive), answering `wamid`. */
function buttonReplyWebhook(tap: { wamid: string; id: string; title: string; from: string; to: string; at: Date; answers: string }): string {
  return metaMessageWebhook({
    businessAccountId: SANDBOX_WHATSAPP_CLOUD.businessAccountId,
    phoneNumberId: SANDBOX_WHATSAPP_CLOUD.phoneNumberId,
    wamid: tap.wamid,
    from: tap.from,
    to: tap.to,
    at: tap.at,
    name: 'Ada',
    message: { context: { from: digits(tap.to), id: tap.answers }, type: 'interactive', interactive: { type: 'button_reply', button_reply: { id: tap.id, title: tap.title } } },
  });
}

/** Posted as Meta does: signed with the sandbox connection's app secret. */
const postMeta = (body: string) =>
  api.post(`/v1/webhooks/carriers/${SANDBOX_WHATSAPP_CLOUD.connectionName}`, {
    rawBody: body,
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': metaSignature(body, SANDBOX_WHATSAPP_CLOUD.appSecret) },
  });

describe('WhatsApp reply buttons (issue 29 point 2)', () => {
  it("chooses the option a tapped button's id names, whatever its title says; a title still chooses when the id names none", async () => {
    const person = freshDestination();
    const { messageId, whatsAppNumber, wamid } = await reminderOnWhatsApp(person);

    const tap = { from: person, to: whatsAppNumber, answers: wamid, at: await clockNow() };
    const byId = await postMeta(buttonReplyWebhook({ ...tap, wamid: `wamid.tap-r-${messageId}`, id: 'r', title: 'Another day, please' }));
    expect(byId.status).toBe(200);
    const answered = await waitFor(() => repliesTo(messageId), (r: ApiResponse) => r.status === 200 && r.body.length === 1, { what: 'the button reply' });
    expect(answered.body[0]).toMatchObject({
      channelType: 'WhatsApp',
      from: person,
      body: 'Another day, please',
      inReplyToMessageId: messageId,
      replyOptionKey: 'R',
      replyOptionValue: 'Reschedule',
      keyword: null,
    });
    expect(await messageReceived(answered.body[0].inboundMessageId)).toEqual([
      expect.objectContaining({ channelType: 'WhatsApp', body: 'Another day, please', reply: { matched: true, key: 'R', value: 'Reschedule' } }),
    ]);
    await waitFor(() => read(messageId), (r: ApiResponse) => r.body.replyStatus === 'Answered' && r.body.replyOptionKey === 'R', { what: 'the message answered R' });

    // An id the business chose freely names no option: the title (an alias here) is matched as any typed reply.
    expect((await postMeta(buttonReplyWebhook({ ...tap, wamid: `wamid.tap-ok-${messageId}`, id: 'btn-1', title: 'OK' }))).status).toBe(200);
    const both = await waitFor(() => repliesTo(messageId), (r: ApiResponse) => r.status === 200 && r.body.length === 2, { what: 'the second button reply' });
    // Both taps came in the same second: found by their title, not their place.
    expect(both.body.find((r: { body: string }) => r.body === 'OK')).toMatchObject({ inReplyToMessageId: messageId, replyOptionKey: 'C', replyOptionValue: 'Confirm' });
  });
});
