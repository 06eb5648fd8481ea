import { randomUUID } from 'node:crypto';
import { messagingEvents, type messagingV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';
import { refusal } from '../testing/refusal';

const reminder: messagingV1.TemplateFields = {
  name: 'Appointment reminder',
  channelType: 'Sms',
  bodyTemplate: 'Hi {{name}}, your appointment is on {{date}}. Reply C to confirm, R to reschedule.',
};
const options = {
  items: [
    { key: 'C', value: 'Confirm', aliases: ['ok'] },
    { key: 'R', value: 'Reschedule', aliases: [] },
  ],
};
const storedOptions = [
  { key: 'C', value: 'Confirm', aliases: ['OK'] },
  { key: 'R', value: 'Reschedule', aliases: [] },
];
const params = { name: 'Ana', date: 'May 3' };

describe('sending from a template (embedded database, real carrier HTTP)', () => {
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

  const countMessages = async () => Number((await h.db('messages').count({ n: '*' }))[0].n);
  const template = async (fields: messagingV1.TemplateFields = reminder, replyOptions?: messagingV1.ReplyOptionList) =>
    (await h.createTemplate({ fields, replyOptions })).template?.templateId as string;
  const fromTemplate = (templateId: string, overrides: Partial<messagingV1.SendMessageRequest> = {}) =>
    h.send({ body: undefined, templateId, templateParameters: params, ...overrides });

  it('sends the rendered text, awaiting an answer with a copy of the options; stores the template and its parameters', async () => {
    const templateId = await template(reminder, options);
    const message = await fromTemplate(templateId);
    expect(message).toMatchObject({
      status: 'queued',
      channelType: 'Sms',
      body: 'Hi Ana, your appointment is on May 3. Reply C to confirm, R to reschedule.',
      templateId,
      replyStatus: 'Awaiting',
      replyOptions: storedOptions,
      segmentCount: 1,
      encoding: 'gsm7',
    });
    const row = await h.db('messages').where({ id: message.messageId }).first();
    expect(row).toMatchObject({ template_id: templateId, template_parameters: params, reply_options: storedOptions, reply_status: 'Awaiting' });
    expect(await h.get(message.messageId)).toMatchObject({ templateId, replyOptions: storedOptions, replyStatus: 'Awaiting' });
  });

  it('the message keeps its options when the template is edited or its options removed later', async () => {
    const templateId = await template(reminder, options);
    const message = await fromTemplate(templateId);
    await h.updateTemplate(templateId, { fields: {}, replyOptions: { items: [{ key: 'X', value: 'Other', aliases: [] }] } });
    expect((await h.get(message.messageId)).replyOptions).toEqual(storedOptions);
    await h.updateTemplate(templateId, { fields: {}, replyOptions: { items: [] } });
    expect(await h.get(message.messageId)).toMatchObject({ replyStatus: 'Awaiting', replyOptions: storedOptions });
    // A send after the edit offers nothing.
    expect(await fromTemplate(templateId)).toMatchObject({ replyStatus: 'None', replyOptions: [] });
  });

  it('a template without options: replyStatus None', async () => {
    const message = await fromTemplate(await template());
    expect(message).toMatchObject({ replyStatus: 'None', replyOptions: [] });
    expect((await h.db('messages').where({ id: message.messageId }).first()).reply_options).toBeNull();
  });

  it('segments, encoding and cost come from the rendered text', async () => {
    const templateId = await template({ ...reminder, bodyTemplate: 'Code: {{code}}' });
    expect(await fromTemplate(templateId, { templateParameters: { code: 'x'.repeat(200) } })).toMatchObject({
      segmentCount: 2,
      encoding: 'gsm7',
      estimatedCost: 0.0158,
    });
    expect(await fromTemplate(templateId, { templateParameters: { code: 'Zoë 😀' } })).toMatchObject({ segmentCount: 1, encoding: 'ucs2' });
  });

  it('without channelType the template’s channel is used', async () => {
    const templateId = await template({ ...reminder, channelType: 'WhatsApp' });
    const message = await fromTemplate(templateId);
    expect(message).toMatchObject({ channelType: 'WhatsApp', segmentCount: 1 });
    const email = await template({ ...reminder, channelType: 'Email' });
    expect((await fromTemplate(email, { destination: 'ana@example.com' })).channelType).toBe('Email');
    // The recipient is checked against that channel.
    const wrong = await refusal(fromTemplate(email));
    expect(Object.keys(wrong.extensions.errors ?? {})).toEqual(['destination']);
  });

  it('a template of another channel than the send: 422 INVALID_OPERATION, nothing stored', async () => {
    const templateId = await template({ ...reminder, channelType: 'WhatsApp' });
    const error = await refusal(fromTemplate(templateId, { channelType: 'Sms' }));
    expect([error.code, error.status]).toEqual(['INVALID_OPERATION', 422]);
    expect(error.detail).toBe(
      `Template ${templateId} is a WhatsApp template; it cannot be sent as Sms. Send it with channelType WhatsApp, or leave channelType out.`,
    );
    expect(await countMessages()).toBe(0);
  });

  it('missing, blank and unknown parameters: 400 VALIDATION_FAILED naming each, nothing stored', async () => {
    const templateId = await template();
    const missing = await refusal(fromTemplate(templateId, { templateParameters: {} }));
    expect([missing.code, missing.status]).toEqual(['VALIDATION_FAILED', 400]);
    expect(missing.extensions.errors).toEqual({
      'templateParameters.name': ['templateParameters.name is required: the template has the placeholder {{name}}'],
      'templateParameters.date': ['templateParameters.date is required: the template has the placeholder {{date}}'],
    });
    const unknown = await refusal(fromTemplate(templateId, { templateParameters: { ...params, Name: 'x' } }));
    expect(unknown.extensions.errors).toEqual({
      'templateParameters.Name': ['templateParameters.Name is not a placeholder of the template (its placeholders are name, date)'],
    });
    const blank = await refusal(fromTemplate(templateId, { templateParameters: { ...params, name: '' } }));
    expect(Object.keys(blank.extensions.errors ?? {})).toEqual(['templateParameters.name']);
    expect(await countMessages()).toBe(0);
  });

  it('with other field errors, all at once', async () => {
    const templateId = await template();
    const error = await refusal(fromTemplate(templateId, { templateParameters: { name: 'Ana' }, destination: 'nope', body: 'text too' }));
    expect(Object.keys(error.extensions.errors ?? {}).sort()).toEqual(['body', 'destination', 'templateParameters.date']);
    expect(error.extensions.errors?.body).toEqual(['body must be left out when templateId is given: the text comes from the template']);
    expect(await countMessages()).toBe(0);
  });

  it('a rendered text over the channel limit names templateParameters', async () => {
    const templateId = await template();
    const error = await refusal(fromTemplate(templateId, { templateParameters: { name: 'n'.repeat(1600), date: 'd' } }));
    expect(error.extensions.errors).toEqual({
      templateParameters: [expect.stringMatching(/^the text rendered from the template would be \d+ characters; at most 1600 for Sms$/)],
    });
    expect(await countMessages()).toBe(0);
  });

  it('an unknown template, or another account’s: 404 NOT_FOUND Template, nothing stored', async () => {
    const other = randomUUID();
    const stranger: Principal = { kind: 'user', accountId: other, userId: 'u2', role: 'Admin' };
    const theirs = await h.messaging.handlers.createTemplate({ accountId: other, fields: reminder }, { method: 'test', principal: stranger });
    for (const templateId of [randomUUID(), theirs.template?.templateId as string]) {
      const error = await refusal(fromTemplate(templateId));
      expect([error.code, error.status, error.detail]).toEqual(['NOT_FOUND', 404, 'Template not found.']);
    }
    expect(await countMessages()).toBe(0);
  });

  it('an Idempotency-Key replays the first template send', async () => {
    const templateId = await template(reminder, options);
    const first = await fromTemplate(templateId, { idempotencyKey: 'k-1' });
    const again = await fromTemplate(templateId, { idempotencyKey: 'k-1' });
    expect(again.messageId).toBe(first.messageId);
    const other = await refusal(fromTemplate(templateId, { idempotencyKey: 'k-1', templateParameters: { ...params, name: 'Bo' } }));
    expect(other.code).toBe('CONFLICT');
    expect(await countMessages()).toBe(1);
  });

  it('lifecycle events carry the whole picture; MessageDispatched the sender, carrier id and attempt', async () => {
    const templateId = await template(reminder, options);
    const expiresAt = new Date(h.clock.now().getTime() + 3_600_000).toISOString();
    const message = await fromTemplate(templateId, { expiresAt, clientReference: 'appt-1' });
    await h.dispatch();
    const events = await h.events(message.messageId);
    expect(events.map((e) => e.type)).toEqual(['MessageAccepted', 'MessageDispatched']);
    // As a consumer reads them (proto JSON leaves empty lists out).
    const [accepted, dispatched] = events.map((e) => messagingEvents.MessageLifecycleEvent.fromJSON(e.payload));
    const common = {
      messageId: message.messageId,
      accountId: h.accountId,
      clientReference: 'appt-1',
      channelType: 'Sms',
      destination: '+14155550123',
      expiresAt,
      replyOptions: storedOptions,
      attempt: 1,
    };
    expect(accepted).toMatchObject({ ...common, state: 'queued', occurredAt: message.createdAt });
    expect(accepted.fromAddress).toBeUndefined();
    expect(accepted.carrierMessageId).toBeUndefined();
    const after = await h.get(message.messageId);
    expect(dispatched).toMatchObject({
      ...common,
      previousState: 'queued',
      state: 'dispatched',
      fromAddress: '+15550000001',
      carrierMessageId: 'cm-1',
      occurredAt: after.updatedAt,
    });
  });

  it('a message without options or expiry: empty options, no expiresAt, in every event', async () => {
    const message = await h.send();
    await h.dispatch();
    const events = await h.events(message.messageId);
    expect(events).toHaveLength(2);
    for (const event of events) {
      const payload = messagingEvents.MessageLifecycleEvent.fromJSON(event.payload);
      expect(payload).toMatchObject({ destination: '+14155550123', attempt: 1, replyOptions: [] });
      expect(payload.expiresAt).toBeUndefined();
      expect(Number.isNaN(Date.parse(payload.occurredAt))).toBe(false);
    }
  });
});
