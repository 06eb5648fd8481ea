import { createHmac, randomUUID } from 'node:crypto';
import { ApiClient, type ApiResponse } from './support/api-client';
import { freshDestination, sandboxNumber, signUp, type SignedUpUser } from './support/journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

/**
 * Two-way messaging through the public API (spec 2.3, 2.4, 3.2, 4.2-4.4,
 * 6.2): templates with reply options, sends from them, and recipients'
 * answers entering exactly like a real carrier's (POST /v1/sandbox/inbound ->
 * signed carrier callback -> provider-callback -> replies), linked to the
 * message they answer. Time moves only with the sandbox clock.
 */
let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
let other: SignedUpUser;
/** The sandbox number that sends and receives. */
let number: string;
/** An API key: the suite moves the clock by days and access tokens last 15 minutes. */
let key: string;
let subaccountId: string;
/** A key limited to the subaccount. */
let subKey: string;

const REMINDER = {
  name: 'Appointment reminder',
  channelType: 'Sms',
  bodyTemplate: 'Hi {{name}}, your appointment is on {{ date }}. Reply C to confirm, R to reschedule.',
  replyOptions: [
    { key: 'c', value: 'Confirm', aliases: ['ok', 'Confirmed'] },
    { key: 'R', value: 'Reschedule', aliases: ['later'] },
  ],
};

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  [user, other] = await Promise.all([signUp(api, 'two-way'), signUp(api, 'two-way-other')]);
  number = await sandboxNumber(api, user.accessToken);
  const created = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'two-way' } });
  if (created.status !== 201) throw new Error(`api key: ${created.text}`);
  key = created.body.key;
  const sub = await api.post(`/v1/accounts/${user.accountId}/subaccounts`, { token: user.accessToken, body: { name: 'Clinic' } });
  if (sub.status !== 201) throw new Error(`subaccount: ${sub.text}`);
  subaccountId = sub.body.subaccountId;
  const limited = await api.post('/v1/api-keys', { token: user.accessToken, body: { name: 'clinic', subaccountId } });
  if (limited.status !== 201) throw new Error(`limited key: ${limited.text}`);
  subKey = limited.body.key;
}, 60_000);

/** A fresh access token (the clock may have moved past the last one's 15 minutes). */
async function tokenOf(who: SignedUpUser): Promise<string> {
  const login = await api.post('/v1/auth/login', { body: { email: who.email, password: who.password } });
  if (login.status !== 200) throw new Error(`login: ${login.text}`);
  return login.body.accessToken;
}

function expectProblem(res: ApiResponse, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status, code, title: expect.any(String), detail: expect.any(String), traceId: expect.any(String) });
  expect(res.body.type.endsWith('/problems/' + code.toLowerCase().replace(/_/g, '-'))).toBe(true);
}

const templatesStored = (accountId = user.accountId) => countRows(booted.platform, 'messaging', 'templates', { account_id: accountId });
const messagesStored = () => countRows(booted.platform, 'messaging', 'messages', { account_id: user.accountId });
const repliesStored = () => countRows(booted.platform, 'replies', 'inbound_messages', { account_id: user.accountId });

async function createTemplate(body: Record<string, unknown> = REMINDER): Promise<ApiResponse> {
  return api.post('/v1/templates', { token: await tokenOf(user), body });
}

const send = (body: Record<string, unknown>) => api.post(`/v1/accounts/${user.accountId}/messages`, { apiKey: key, body });
const getMessage = (messageId: string) => api.get(`/v1/accounts/${user.accountId}/messages/${messageId}`, { apiKey: key });
const repliesTo = (messageId: string) => api.get(`/v1/accounts/${user.accountId}/messages/${messageId}/replies`, { apiKey: key });

async function clockNow(): Promise<number> {
  return new Date((await api.get('/v1/sandbox/clock')).body.now).getTime();
}
async function advance(seconds: number): Promise<void> {
  const res = await api.post('/v1/sandbox/clock/advance', { apiKey: key, body: { seconds } });
  expect(res.status).toBe(200);
}

/** Sends from the reminder template and waits until the carrier has it (delivered). */
async function sendReminder(templateId: string, to: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await send({ to, templateId, templateParameters: { name: 'Ada', date: 'Monday 9:00' }, clientReference: 'appt-42', ...extra });
  expect(res.status).toBe(201);
  await waitFor(
    () => getMessage(res.body.messageId),
    (r) => r.status === 200 && r.body.status === 'delivered',
    { what: `message ${res.body.messageId} delivered` },
  );
  return res.body.messageId;
}

async function sendPlain(to: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await send({ to, body: 'See you soon', ...extra });
  expect(res.status).toBe(201);
  await waitFor(
    () => getMessage(res.body.messageId),
    (r) => r.status === 200 && ['delivered', 'failed', 'undelivered'].includes(r.body.status),
    { what: `message ${res.body.messageId} to finish` },
  );
  return res.body.messageId;
}

/** A recipient texts `body` to our number; answers once the reply is stored (found in the account's inbound list). */
async function reply(from: string, body: string, extra: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const res = await api.post('/v1/sandbox/inbound', { apiKey: key, body: { channelType: 'Sms', from, to: number, body, ...extra } });
  expect(res.status).toBe(202);
  const carrierMessageId = res.body.carrierMessageId as string;
  const found = await waitFor(
    () => api.get(`/v1/accounts/${user.accountId}/inbound-messages?pageSize=200`, { apiKey: key }),
    (r) => r.status === 200 && r.body.items.some((i: { from: string; body: string }) => i.from === from && i.body === body),
    { what: `the reply "${body}" from ${from}` },
  );
  expect(carrierMessageId).toEqual(expect.any(String));
  return found.body.items.find((i: { from: string; body: string }) => i.from === from && i.body === body);
}

/** MessageReceived as published on replies.events (what webhooks will deliver). */
async function messageReceived(inboundMessageId: string): Promise<Array<Record<string, any>>> {
  const rows = await booted.platform.adapters.databases.forSchema('replies')('outbox').where({ type: 'MessageReceived' });
  return rows
    .map((row: { envelope: string | { payload: Record<string, unknown> } }) =>
      typeof row.envelope === 'string' ? JSON.parse(row.envelope).payload : row.envelope.payload,
    )
    .filter((p: { inboundMessageId: string }) => p.inboundMessageId === inboundMessageId);
}

describe('templates (spec 2.4, 4.4)', () => {
  let templateId: string;

  it('creates a template for a signed-in user, options in upper case, placeholders listed', async () => {
    const res = await createTemplate();
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      templateId: expect.any(String),
      accountId: user.accountId,
      name: 'Appointment reminder',
      channelType: 'Sms',
      bodyTemplate: REMINDER.bodyTemplate,
      placeholders: ['name', 'date'],
      replyOptions: [
        { key: 'C', value: 'Confirm', aliases: ['OK', 'CONFIRMED'] },
        { key: 'R', value: 'Reschedule', aliases: ['LATER'] },
      ],
    });
    templateId = res.body.templateId;
    const got = await api.get(`/v1/templates/${templateId}`, { token: await tokenOf(user) });
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
    const list = await api.get('/v1/templates', { token: await tokenOf(user) });
    expect(list.status).toBe(200);
    expect(list.body.items.map((t: { templateId: string }) => t.templateId)).toContain(templateId);
    expect(list.body).toHaveProperty('nextCursor');
  });

  it('refuses an API key on every template route and stores nothing', async () => {
    const before = await templatesStored();
    const id = randomUUID();
    const calls = [
      api.post('/v1/templates', { apiKey: key, body: REMINDER }),
      api.get('/v1/templates', { apiKey: key }),
      api.get(`/v1/templates/${templateId}`, { apiKey: key }),
      api.put(`/v1/templates/${templateId}`, { apiKey: key, body: { name: 'Changed by a key' } }),
      api.post(`/v1/accounts/${user.accountId}/templates/${id}`, { apiKey: key, body: REMINDER }),
      api.post(`/v1/accounts/${user.accountId}/templates/${templateId}/render`, { apiKey: key, body: { templateParameters: { name: 'A', date: 'B' } } }),
    ];
    for (const res of await Promise.all(calls)) {
      expectProblem(res, 401, 'UNAUTHORIZED');
      expect(res.body.authScheme).toBe('Bearer');
    }
    expect(await templatesStored()).toBe(before);
    expect((await api.get(`/v1/templates/${templateId}`, { token: await tokenOf(user) })).body.name).toBe('Appointment reminder');
  });

  it("answers 404 for another account's template on every route, and changes nothing", async () => {
    const token = await tokenOf(other);
    const before = await templatesStored();
    expectProblem(await api.get(`/v1/templates/${templateId}`, { token }), 404, 'NOT_FOUND');
    expectProblem(await api.put(`/v1/templates/${templateId}`, { token, body: { name: 'Hijacked' } }), 404, 'NOT_FOUND');
    expectProblem(
      await api.post(`/v1/accounts/${other.accountId}/templates/${templateId}/render`, { token, body: { templateParameters: { name: 'A', date: 'B' } } }),
      404,
      'NOT_FOUND',
    );
    // The owner's account route is not the other user's to use.
    expectProblem(
      await api.post(`/v1/accounts/${user.accountId}/templates/${templateId}/render`, { token, body: { templateParameters: { name: 'A', date: 'B' } } }),
      404,
      'NOT_FOUND',
    );
    expectProblem(await api.post(`/v1/accounts/${user.accountId}/templates/${randomUUID()}`, { token, body: REMINDER }), 404, 'NOT_FOUND');
    expect((await api.get('/v1/templates', { token })).body.items).toEqual([]);
    expect(await templatesStored()).toBe(before);
    expect((await api.get(`/v1/templates/${templateId}`, { token: await tokenOf(user) })).body.name).toBe('Appointment reminder');
  });

  it('updates with every field optional: omitted options and channel are kept, [] removes, a list replaces', async () => {
    const token = await tokenOf(user);
    const created = await createTemplate({ ...REMINDER, name: 'To edit' });
    const id = created.body.templateId;
    const renamed = await api.put(`/v1/templates/${id}`, { token, body: { name: 'Edited' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Edited', channelType: 'Sms', bodyTemplate: REMINDER.bodyTemplate, replyOptions: created.body.replyOptions });
    const rebodied = await api.put(`/v1/templates/${id}`, { token, body: { bodyTemplate: 'Hello {{who}}' } });
    expect(rebodied.body).toMatchObject({ channelType: 'Sms', placeholders: ['who'], replyOptions: created.body.replyOptions });
    const replaced = await api.put(`/v1/templates/${id}`, { token, body: { replyOptions: [{ key: 'y1', value: 'Yes please' }] } });
    expect(replaced.body.replyOptions).toEqual([{ key: 'Y1', value: 'Yes please', aliases: [] }]);
    const removed = await api.put(`/v1/templates/${id}`, { token, body: { replyOptions: [] } });
    expect(removed.body.replyOptions).toEqual([]);
    const whatsapp = await api.put(`/v1/templates/${id}`, { token, body: { channelType: 'WhatsApp' } });
    expect(whatsapp.status).toBe(200);
    expect(whatsapp.body).toMatchObject({ channelType: 'WhatsApp', name: 'Edited', bodyTemplate: 'Hello {{who}}' });
  });

  it('creates under a chosen id on the account route: 201, the same again 200, other content 409', async () => {
    const token = await tokenOf(user);
    const id = randomUUID();
    const path = `/v1/accounts/${user.accountId}/templates/${id}`;
    const first = await api.post(path, { token, body: REMINDER });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ templateId: id, accountId: user.accountId, name: REMINDER.name });
    const count = await templatesStored();
    const again = await api.post(path, { token, body: REMINDER });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expectProblem(await api.post(path, { token, body: { ...REMINDER, name: 'Something else' } }), 409, 'CONFLICT');
    expect(await templatesStored()).toBe(count);
    // Ids are the account's own: another account may use the same id without seeing this one.
    const theirs = await api.post(`/v1/accounts/${other.accountId}/templates/${id}`, { token: await tokenOf(other), body: { ...REMINDER, name: 'Theirs' } });
    expect(theirs.status).toBe(201);
    expect((await api.get(`/v1/templates/${id}`, { token })).body.name).toBe(REMINDER.name);
  });

  it('renders with the encoding and segment count of the filled-in text', async () => {
    const token = await tokenOf(user);
    const res = await api.post(`/v1/accounts/${user.accountId}/templates/${templateId}/render`, {
      token,
      body: { templateParameters: { name: 'Zoë', date: 'Monday' } },
    });
    expect(res.status).toBe(200);
    const text = 'Hi Zoë, your appointment is on Monday. Reply C to confirm, R to reschedule.';
    expect(res.body).toEqual({
      templateId,
      channelType: 'Sms',
      body: text,
      encoding: 'ucs2',
      characterCount: text.length,
      segmentCount: 2,
      charactersPerSegment: 67,
    });
    const gsm = await api.post(`/v1/accounts/${user.accountId}/templates/${templateId}/render`, {
      token,
      body: { templateParameters: { name: 'Zoe', date: 'Monday' } },
    });
    expect(gsm.body).toMatchObject({ encoding: 'gsm7', segmentCount: 1, charactersPerSegment: 160 });
  });

  it('refuses to render with a missing or unknown parameter, naming each', async () => {
    const token = await tokenOf(user);
    const res = await api.post(`/v1/accounts/${user.accountId}/templates/${templateId}/render`, {
      token,
      body: { templateParameters: { nmae: 'Ada' } },
    });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual(['templateParameters.date', 'templateParameters.name', 'templateParameters.nmae']);
  });

  describe('reply option rules: 400 with the reason in detail, nothing stored', () => {
    const letters = (n: number) => 'K'.repeat(n);
    const opts = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `K${i}`, value: `Option ${i}` }));
    it.each([
      ['eleven options', { replyOptions: opts(11) }, 'REPLY_OPTION_INVALID'],
      ['a 21-character key', { replyOptions: [{ key: letters(21), value: 'x' }] }, 'REPLY_OPTION_INVALID'],
      ['an empty key', { replyOptions: [{ key: '', value: 'x' }] }, 'REPLY_OPTION_INVALID'],
      ['a key with a space', { replyOptions: [{ key: 'C 1', value: 'x' }] }, 'REPLY_OPTION_INVALID'],
      ['a key with punctuation', { replyOptions: [{ key: 'C!', value: 'x' }] }, 'REPLY_OPTION_INVALID'],
      ['a 65-character value', { replyOptions: [{ key: 'C', value: 'v'.repeat(65) }] }, 'REPLY_OPTION_INVALID'],
      ['an empty value', { replyOptions: [{ key: 'C', value: '' }] }, 'REPLY_OPTION_INVALID'],
      ['six aliases', { replyOptions: [{ key: 'C', value: 'x', aliases: ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'] }] }, 'REPLY_OPTION_INVALID'],
      ['an alias with a space', { replyOptions: [{ key: 'C', value: 'x', aliases: ['OK NOW'] }] }, 'REPLY_OPTION_INVALID'],
      ['a 21-character alias', { replyOptions: [{ key: 'C', value: 'x', aliases: [letters(21)] }] }, 'REPLY_OPTION_INVALID'],
      ['a duplicate key in another case', { replyOptions: [{ key: 'c', value: 'x' }, { key: 'C', value: 'y' }] }, 'REPLY_OPTION_INVALID'],
      ['an alias equal to a key', { replyOptions: [{ key: 'C', value: 'x' }, { key: 'R', value: 'y', aliases: ['c'] }] }, 'REPLY_OPTION_INVALID'],
      ['a key that is not a string', { replyOptions: [{ key: 7, value: 'x' }] }, 'REPLY_OPTION_INVALID'],
      ['options on a WhatsApp template', { channelType: 'WhatsApp', replyOptions: [{ key: 'C', value: 'x' }] }, 'REPLY_OPTION_INVALID'],
      ['options on an Email template', { channelType: 'Email', replyOptions: [{ key: 'C', value: 'x' }] }, 'REPLY_OPTION_INVALID'],
      ['STOP as a key', { replyOptions: [{ key: 'STOP', value: 'x' }] }, 'REPLY_OPTION_RESERVED_KEYWORD'],
      ['help as a key', { replyOptions: [{ key: 'help', value: 'x' }] }, 'REPLY_OPTION_RESERVED_KEYWORD'],
      ['Yes as an alias', { replyOptions: [{ key: 'C', value: 'x', aliases: ['Yes'] }] }, 'REPLY_OPTION_RESERVED_KEYWORD'],
      ['unsubscribe as an alias', { replyOptions: [{ key: 'C', value: 'x', aliases: ['unsubscribe'] }] }, 'REPLY_OPTION_RESERVED_KEYWORD'],
    ])('%s', async (_case, change, code) => {
      const before = await templatesStored();
      const res = await createTemplate({ ...REMINDER, ...change });
      expectProblem(res, 400, code);
      expect(res.body.detail.length).toBeGreaterThan(20);
      expect(await templatesStored()).toBe(before);
    });

    it('refuses an update that would leave options on a WhatsApp template, and keeps the template as it was', async () => {
      const token = await tokenOf(user);
      const created = await createTemplate({ ...REMINDER, name: 'Stays SMS' });
      const res = await api.put(`/v1/templates/${created.body.templateId}`, { token, body: { channelType: 'WhatsApp' } });
      expectProblem(res, 400, 'REPLY_OPTION_INVALID');
      const reserved = await api.put(`/v1/templates/${created.body.templateId}`, { token, body: { replyOptions: [{ key: 'quit', value: 'x' }] } });
      expectProblem(reserved, 400, 'REPLY_OPTION_RESERVED_KEYWORD');
      const after = await api.get(`/v1/templates/${created.body.templateId}`, { token });
      expect(after.body).toEqual(created.body);
    });

    it('refuses bad template fields as VALIDATION_FAILED naming each', async () => {
      const before = await templatesStored();
      const res = await createTemplate({ name: '', channelType: 'Fax', bodyTemplate: 'Hi {{name' });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.errors)).toEqual(expect.arrayContaining(['channelType']));
      const fields = await createTemplate({ name: '  ', channelType: 'Sms', bodyTemplate: 'Hi {{name' });
      expectProblem(fields, 400, 'VALIDATION_FAILED');
      expect(Object.keys(fields.body.errors).sort()).toEqual(['bodyTemplate', 'name']);
      expect(await templatesStored()).toBe(before);
    });
  });
});

describe('sending from a template (spec 2.1, 3.2)', () => {
  let templateId: string;
  let plainTemplateId: string;

  beforeAll(async () => {
    templateId = (await createTemplate({ ...REMINDER, name: 'Send test' })).body.templateId;
    plainTemplateId = (await createTemplate({ name: 'Plain', channelType: 'Sms', bodyTemplate: 'Your code is {{code}}' })).body.templateId;
  });

  it('refuses a missing or unknown parameter naming each, and stores nothing', async () => {
    const before = await messagesStored();
    const res = await send({ to: freshDestination(), templateId, templateParameters: { name: 'Ada', colour: 'red' } });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual(['templateParameters.colour', 'templateParameters.date']);
    const none = await send({ to: freshDestination(), templateId });
    expectProblem(none, 400, 'VALIDATION_FAILED');
    expect(Object.keys(none.body.errors).sort()).toEqual(['templateParameters.date', 'templateParameters.name']);
    expect(await messagesStored()).toBe(before);
  });

  it('refuses a template of another channel with 422 INVALID_OPERATION, and a template of another account with 404', async () => {
    const before = await messagesStored();
    const res = await send({ to: freshDestination(), channelType: 'WhatsApp', templateId, templateParameters: { name: 'Ada', date: 'Monday' } });
    expectProblem(res, 422, 'INVALID_OPERATION');
    const theirs = (await api.post('/v1/templates', { token: await tokenOf(other), body: REMINDER })).body.templateId;
    const foreign = await send({ to: freshDestination(), templateId: theirs, templateParameters: { name: 'Ada', date: 'Monday' } });
    expectProblem(foreign, 404, 'NOT_FOUND');
    expect(await messagesStored()).toBe(before);
  });

  it('sends the filled-in text, segmented and priced on it, Awaiting with a copy of the options that later edits leave alone', async () => {
    const to = freshDestination();
    const res = await send({ to, templateId, templateParameters: { name: 'Ada', date: 'Monday 9:00' } });
    expect(res.status).toBe(201);
    const text = 'Hi Ada, your appointment is on Monday 9:00. Reply C to confirm, R to reschedule.';
    expect(res.body).toMatchObject({
      body: text,
      encoding: 'gsm7',
      segmentCount: 1,
      templateId,
      replyStatus: 'Awaiting',
      replyOptionKey: null,
      replyOptionValue: null,
      answeredAt: null,
      replyOptions: [
        { key: 'C', value: 'Confirm', aliases: ['OK', 'CONFIRMED'] },
        { key: 'R', value: 'Reschedule', aliases: ['LATER'] },
      ],
    });
    const long = await send({ to, templateId, templateParameters: { name: 'A'.repeat(100), date: 'Monday' } });
    expect(long.body.segmentCount).toBe(2);
    expect(long.body.estimatedCost).toBeCloseTo(res.body.estimatedCost * 2, 6);

    await api.put(`/v1/templates/${templateId}`, { token: await tokenOf(user), body: { replyOptions: [{ key: 'X', value: 'Changed' }] } });
    const after = await getMessage(res.body.messageId);
    expect(after.body.replyOptions).toEqual(res.body.replyOptions);
    await api.put(`/v1/templates/${templateId}`, { token: await tokenOf(user), body: { replyOptions: REMINDER.replyOptions } });
  });

  it('gives replyStatus None to a template without options and to a plain body', async () => {
    const fromTemplate = await send({ to: freshDestination(), templateId: plainTemplateId, templateParameters: { code: '1234' } });
    expect(fromTemplate.status).toBe(201);
    expect(fromTemplate.body).toMatchObject({ body: 'Your code is 1234', replyStatus: 'None', replyOptions: [] });
    const plain = await send({ to: freshDestination(), body: 'Hello' });
    expect(plain.body).toMatchObject({ replyStatus: 'None', replyOptions: [], templateId: null });
  });
});

describe('replies (spec 2.3, 3.2, 4.3, 6.2)', () => {
  let templateId: string;

  beforeAll(async () => {
    templateId = (await createTemplate({ ...REMINDER, name: 'Replies test' })).body.templateId;
  });

  it('refuses an inbound message to a number the caller does not own, or a bad body, and stores nothing', async () => {
    const before = await repliesStored();
    const theirNumber = await sandboxNumber(api, await tokenOf(other));
    const foreign = await api.post('/v1/sandbox/inbound', { apiKey: key, body: { channelType: 'Sms', from: freshDestination(), to: theirNumber, body: 'C' } });
    expectProblem(foreign, 404, 'NOT_FOUND');
    const unknown = await api.post('/v1/sandbox/inbound', { apiKey: key, body: { channelType: 'Sms', from: freshDestination(), to: '+19995550100', body: 'C' } });
    expectProblem(unknown, 404, 'NOT_FOUND');
    const bad = await api.post('/v1/sandbox/inbound', { apiKey: key, body: { channelType: 'Sms', from: 'not-a-number', to: number, body: '' } });
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(Object.keys(bad.body.errors).sort()).toEqual(['body', 'from']);
    const anonymous = await api.post('/v1/sandbox/inbound', { body: { channelType: 'Sms', from: freshDestination(), to: number, body: 'C' } });
    expectProblem(anonymous, 401, 'UNAUTHORIZED');
    await new Promise((r) => setTimeout(r, 500));
    expect(await repliesStored()).toBe(before);
  });

  it('links an answer to the message, chooses the option, and records the answer on the message', async () => {
    const person = freshDestination();
    const messageId = await sendReminder(templateId, person);
    const answer = await reply(person, '  c. ');
    expect(answer).toEqual({
      inboundMessageId: expect.any(String),
      accountId: user.accountId,
      subaccountId: null,
      channelType: 'Sms',
      from: person,
      to: number,
      body: '  c. ',
      receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/),
      keyword: null,
      inReplyToMessageId: messageId,
      inReplyToClientReference: 'appt-42',
      replyOptionKey: 'C',
      replyOptionValue: 'Confirm',
      afterExpiry: false,
    });
    const answered = await waitFor(
      () => getMessage(messageId),
      (r) => r.body.replyStatus === 'Answered',
      { what: 'the message to be answered' },
    );
    expect(answered.body).toMatchObject({ replyStatus: 'Answered', replyOptionKey: 'C', replyOptionValue: 'Confirm', answeredAt: expect.any(String) });
    expect(await messageReceived(answer.inboundMessageId)).toEqual([
      {
        inboundMessageId: answer.inboundMessageId,
        accountId: user.accountId,
        subaccountId: null,
        channelType: 'Sms',
        from: person,
        to: number,
        body: '  c. ',
        receivedAt: answer.receivedAt,
        keyword: null,
        inReplyTo: { messageId, clientReference: 'appt-42' },
        reply: { matched: true, key: 'C', value: 'Confirm' },
        afterExpiry: false,
      },
    ]);

    // An alias in another case replaces the answer; every reply stays listed, oldest first.
    const later = await reply(person, 'Later!');
    expect(later).toMatchObject({ inReplyToMessageId: messageId, replyOptionKey: 'R', replyOptionValue: 'Reschedule' });
    await waitFor(
      () => getMessage(messageId),
      (r) => r.body.replyOptionKey === 'R',
      { what: 'the answer to be replaced' },
    );
    const listed = await repliesTo(messageId);
    expect(listed.status).toBe(200);
    expect(listed.body.map((r: { body: string }) => r.body)).toEqual(['  c. ', 'Later!']);

    // Extra words or two keys are kept and delivered, but answer nothing.
    const chatty = await reply(person, 'C please');
    const both = await reply(person, 'C R');
    for (const r of [chatty, both]) expect(r).toMatchObject({ inReplyToMessageId: messageId, replyOptionKey: null, replyOptionValue: null });
    expect((await messageReceived(chatty.inboundMessageId))[0].reply).toEqual({ matched: false });
    const still = await getMessage(messageId);
    expect(still.body).toMatchObject({ replyStatus: 'Answered', replyOptionKey: 'R' });
    expect((await repliesTo(messageId)).body).toHaveLength(4);
  });

  it('recognises STOP, START and HELP words in any case, never as answers, and publishes them', async () => {
    const person = freshDestination();
    const messageId = await sendReminder(templateId, person);
    const cases: Array<[string, string]> = [
      ['stop', 'Stop'],
      ['Unsubscribe', 'Stop'],
      ['REVOKE', 'Stop'],
      ['optout', 'Stop'],
      ['start', 'Start'],
      ['Yes', 'Start'],
      ['help', 'Help'],
      ['INFO.', 'Help'],
    ];
    for (const [body, keyword] of cases) {
      const got = await reply(person, body);
      expect(got).toMatchObject({ keyword, inReplyToMessageId: messageId, replyOptionKey: null });
      const [event] = await messageReceived(got.inboundMessageId);
      expect(event).toMatchObject({ keyword, reply: { matched: false } });
    }
    expect((await getMessage(messageId)).body.replyStatus).toBe('Awaiting');
  });

  it('links to a message with options over a later one without, and a plain message alone gets reply null', async () => {
    const person = freshDestination();
    const withOptions = await sendReminder(templateId, person);
    await sendPlain(person);
    const answer = await reply(person, 'R');
    expect(answer).toMatchObject({ inReplyToMessageId: withOptions, replyOptionKey: 'R' });

    const lone = freshDestination();
    const plain = await sendPlain(lone, { clientReference: 'order-7' });
    const r = await reply(lone, 'thanks');
    expect(r).toMatchObject({ inReplyToMessageId: plain, inReplyToClientReference: 'order-7', replyOptionKey: null });
    const [event] = await messageReceived(r.inboundMessageId);
    expect(event.reply).toBeNull();
    expect(event.inReplyTo).toEqual({ messageId: plain, clientReference: 'order-7' });
  });

  it('does not link to a message the carrier refused, nor to another person, and lists it with null', async () => {
    const person = freshDestination();
    await api.put(`/v1/sandbox/carrier-behaviors/${encodeURIComponent(person)}`, { apiKey: key, body: { outcome: 'failed' } });
    const refused = await send({ to: person, templateId, templateParameters: { name: 'Ada', date: 'Monday' } });
    await waitFor(
      () => getMessage(refused.body.messageId),
      (r) => r.body.status === 'failed',
      { what: 'the carrier to refuse' },
    );
    const r = await reply(person, 'C');
    expect(r).toMatchObject({ inReplyToMessageId: null, inReplyToClientReference: null, replyOptionKey: null });
    const [event] = await messageReceived(r.inboundMessageId);
    expect(event.inReplyTo).toBeNull();
    expect(event.reply).toBeNull();
    expect((await repliesTo(refused.body.messageId)).body).toEqual([]);
  });

  it('links a WhatsApp reply that quotes a message to exactly that message', async () => {
    const person = freshDestination();
    const first = await send({ to: person, channelType: 'WhatsApp', body: 'Which slot? (first)' });
    const second = await send({ to: person, channelType: 'WhatsApp', body: 'Which slot? (second)' });
    for (const m of [first, second]) {
      await waitFor(
        () => getMessage(m.body.messageId),
        (r) => r.body.status === 'delivered',
        { what: 'WhatsApp delivery' },
      );
    }
    const quoted = await api.post('/v1/sandbox/inbound', {
      apiKey: key,
      body: { channelType: 'WhatsApp', from: person, to: number, body: 'This one', quotedMessageId: first.body.messageId },
    });
    expect(quoted.status).toBe(202);
    expect(quoted.body.quotedMessageId).toBe(first.body.messageId);
    const replies = await waitFor(
      () => repliesTo(first.body.messageId),
      (r) => r.status === 200 && r.body.length === 1,
      { what: 'the quoting reply' },
    );
    expect(replies.body[0]).toMatchObject({ channelType: 'WhatsApp', body: 'This one', inReplyToMessageId: first.body.messageId });
    const unquoted = await api.post('/v1/sandbox/inbound', { apiKey: key, body: { channelType: 'WhatsApp', from: person, to: number, body: 'Newest' } });
    expect(unquoted.status).toBe(202);
    await waitFor(
      () => repliesTo(second.body.messageId),
      (r) => r.status === 200 && r.body.length === 1,
      { what: 'the unquoted reply on the newest message' },
    );
    const notSent = await api.post('/v1/sandbox/inbound', {
      apiKey: key,
      body: { channelType: 'WhatsApp', from: freshDestination(), to: number, body: 'x', quotedMessageId: first.body.messageId },
    });
    expectProblem(notSent, 404, 'NOT_FOUND');
  });

  it('stores a repeated carrier callback once, and refuses a missing or wrong signature with 401 storing nothing', async () => {
    const person = freshDestination();
    const raw = JSON.stringify({
      eventId: randomUUID(),
      carrierMessageId: `sim-in-${randomUUID()}`,
      channel: 'Sms',
      from: person,
      to: number,
      body: 'Hello from the carrier',
      receivedAt: new Date(await clockNow()).toISOString(),
    });
    const path = '/v1/webhooks/carriers/sim/inbound';
    const headers = (signature?: string) => ({ 'content-type': 'application/json', ...(signature ? { 'x-signature': signature } : {}) });
    const sign = (secret: string) => createHmac('sha256', secret).update(raw).digest('hex');
    const callbacks = () => countRows(booted.platform, 'replies', 'inbound_messages', { from_address: person });
    expect((await api.post(path, { rawBody: raw, headers: headers() })).status).toBe(401);
    expect((await api.post(path, { rawBody: raw, headers: headers(sign('wrong-secret')) })).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await api.post(path, { rawBody: raw, headers: headers(sign('sandbox-sim-secret')) })).status).toBe(200);
    await waitFor(callbacks, (n) => n === 1, { what: 'the callback to be stored' });
    await new Promise((r) => setTimeout(r, 500));
    expect(await callbacks()).toBe(1);
  });

  it('lists replies: 404 for a message out of reach, [] when none, and the inbound list rules', async () => {
    expectProblem(await repliesTo(randomUUID()), 404, 'NOT_FOUND');
    const theirs = await api.post(`/v1/accounts/${other.accountId}/messages`, { token: await tokenOf(other), body: { to: freshDestination(), body: 'x' } });
    expectProblem(await api.get(`/v1/accounts/${other.accountId}/messages/${theirs.body.messageId}/replies`, { apiKey: key }), 404, 'NOT_FOUND');
    expectProblem(await repliesTo(theirs.body.messageId), 404, 'NOT_FOUND');
    const quiet = await send({ to: freshDestination(), body: 'No answer expected' });
    const none = await repliesTo(quiet.body.messageId);
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);

    const list = (query: string, options: { apiKey?: string } = { apiKey: key }) =>
      api.get(`/v1/accounts/${user.accountId}/inbound-messages${query}`, options);
    for (const query of ['?cursor=nope', '?pageSize=0', '?pageSize=201', '?pageSize=abc', '?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z']) {
      expectProblem(await list(query), 400, 'VALIDATION_FAILED');
    }
    expectProblem(await list('', { apiKey: subKey }), 404, 'NOT_FOUND');
    const sub = await api.get(`/v1/subaccounts/${subaccountId}/inbound-messages`, { apiKey: subKey });
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({ items: [], nextCursor: null });

    const first = await list('?pageSize=2');
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(`?pageSize=2&cursor=${encodeURIComponent(first.body.nextCursor)}`);
    expect(second.status).toBe(200);
    const times = [...first.body.items, ...second.body.items].map((i: { receivedAt: string }) => Date.parse(i.receivedAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const ids = [...first.body.items, ...second.body.items].map((i: { inboundMessageId: string }) => i.inboundMessageId);
    expect(new Set(ids).size).toBe(4);
  });

  it('gives a reply to a subaccount message that subaccount, on its own lists, for a key limited to it', async () => {
    const person = freshDestination();
    const sent = await api.post(`/v1/subaccounts/${subaccountId}/messages`, { apiKey: subKey, body: { to: person, body: 'From the clinic' } });
    expect(sent.status).toBe(201);
    const subGet = (path: string) => api.get(`/v1/subaccounts/${subaccountId}${path}`, { apiKey: subKey });
    await waitFor(
      () => getMessage(sent.body.messageId),
      (r) => r.body.status === 'delivered',
      { what: 'the subaccount message delivered' },
    );
    // The account-level sandbox number the subaccount sends from is one it may receive on too.
    const inbound = await api.post('/v1/sandbox/inbound', { apiKey: subKey, body: { channelType: 'Sms', from: person, to: number, body: 'Thanks!' } });
    expect(inbound.status).toBe(202);
    const replies = await waitFor(
      () => subGet(`/messages/${sent.body.messageId}/replies`),
      (r) => r.status === 200 && r.body.length === 1,
      { what: 'the reply on the subaccount route' },
    );
    expect(replies.body[0]).toMatchObject({ subaccountId, inReplyToMessageId: sent.body.messageId, body: 'Thanks!' });
    const list = await subGet('/inbound-messages');
    expect(list.body.items.map((i: { inboundMessageId: string }) => i.inboundMessageId)).toEqual([replies.body[0].inboundMessageId]);
    // Another subaccount's route is out of reach (404), like any other tenant's.
    expectProblem(await api.get(`/v1/subaccounts/${randomUUID()}/inbound-messages`, { apiKey: subKey }), 404, 'NOT_FOUND');
  });

  describe('by the sandbox clock', () => {
    it('links within 72 hours of the send, not after', async () => {
      const near = freshDestination();
      const far = freshDestination();
      const nearId = await sendReminder(templateId, near);
      const farId = await sendPlain(far);
      await advance(71 * 3600);
      expect(await reply(near, 'C')).toMatchObject({ inReplyToMessageId: nearId, replyOptionKey: 'C' });
      await advance(2 * 3600);
      const late = await reply(far, 'still there?');
      expect(late).toMatchObject({ inReplyToMessageId: null });
      expect((await repliesTo(farId)).body).toEqual([]);
    });

    it('expires an unanswered message at expiresAt; a reply after that is stored and forwarded with afterExpiry but answers nothing', async () => {
      const person = freshDestination();
      const expiresAt = new Date((await clockNow()) + 3600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
      const messageId = await sendReminder(templateId, person, { expiresAt });
      expect((await getMessage(messageId)).body.replyStatus).toBe('Awaiting');
      await advance(2 * 3600);
      const expired = await getMessage(messageId);
      expect(expired.body).toMatchObject({ replyStatus: 'Expired', replyOptionKey: null, answeredAt: null });
      const late = await reply(person, 'C');
      expect(late).toMatchObject({ inReplyToMessageId: messageId, afterExpiry: true, replyOptionKey: null });
      const [event] = await messageReceived(late.inboundMessageId);
      expect(event).toMatchObject({ afterExpiry: true, inReplyTo: { messageId } });
      expect(event.reply).toEqual({ matched: false });
      await new Promise((r) => setTimeout(r, 300));
      expect((await getMessage(messageId)).body).toMatchObject({ replyStatus: 'Expired', replyOptionKey: null });
      expect((await repliesTo(messageId)).body).toHaveLength(1);
    });
  });
});

describe('the published contract (spec 9)', () => {
  it('documents the new operations with their security and responses', async () => {
    const doc = (await api.get('/openapi/public.json')).body;
    const operations: Array<[string, string, string[]]> = [
      ['/v1/templates', 'post', ['bearer']],
      ['/v1/templates', 'get', ['bearer']],
      ['/v1/templates/{templateId}', 'get', ['bearer']],
      ['/v1/templates/{templateId}', 'put', ['bearer']],
      ['/v1/accounts/{accountId}/templates/{templateId}', 'post', ['bearer']],
      ['/v1/accounts/{accountId}/templates/{templateId}/render', 'post', ['bearer']],
      ['/v1/accounts/{accountId}/inbound-messages', 'get', ['bearer', 'apiKey']],
      ['/v1/subaccounts/{subaccountId}/inbound-messages', 'get', ['bearer', 'apiKey']],
      ['/v1/accounts/{accountId}/messages/{messageId}/replies', 'get', ['bearer', 'apiKey']],
      ['/v1/subaccounts/{subaccountId}/messages/{messageId}/replies', 'get', ['bearer', 'apiKey']],
      ['/v1/sandbox/inbound', 'post', ['bearer', 'apiKey']],
    ];
    for (const [path, method, schemes] of operations) {
      const operation = doc.paths[path]?.[method];
      expect({ path, method, found: operation !== undefined }).toEqual({ path, method, found: true });
      expect(operation.security.flatMap((s: Record<string, unknown>) => Object.keys(s)).sort()).toEqual([...schemes].sort());
      expect({ path, method, summary: typeof operation.summary === 'string' && operation.summary.length > 0 }).toEqual({ path, method, summary: true });
      for (const status of ['401', '403', '422', '429', '500']) expect({ path, method, status, documented: status in operation.responses }).toMatchObject({ documented: true });
    }
    expect(doc.paths['/v1/templates'].post.responses).toHaveProperty('201');
    expect(doc.paths['/v1/sandbox/inbound'].post.responses).toHaveProperty('202');
    expect(doc.components.schemas.ReplyResource.properties).toHaveProperty('inReplyToClientReference');
    expect(doc.components.schemas.MessageResource.properties).toHaveProperty('replyOptions');
    // Closed value sets are published as enums.
    expect(doc.components.schemas.MessageResource.properties.replyStatus.$ref).toBe('#/components/schemas/ReplyStatus');
    expect(doc.components.schemas.ReplyStatus.enum).toEqual(['None', 'Awaiting', 'Answered', 'Expired']);
    expect(doc.components.schemas.ReplyResource.properties.keyword.enum).toEqual(expect.arrayContaining(['Stop', 'Start', 'Help']));
  });
});
