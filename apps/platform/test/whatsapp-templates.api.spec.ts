import { randomUUID } from 'node:crypto';
import { ApiClient, type ApiResponse } from './support/api-client';
import { signUp, type SignedUpUser } from './support/journeys';
import { countRows, sharedPlatform, type BootedPlatform } from './support/platform-fixture';

/**
 * A template's link to an approved WhatsApp template (issue 29 point 1,
 * `whatsappTemplate` on the Template resource) through the public API:
 * set on create, read back, kept, replaced and removed on update, and every
 * bad request answered with problem details and nothing changed. Every
 * answer is also held against the served document by the ApiClient.
 */
let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;

const SHIPPED = {
  name: 'Order shipped',
  channelType: 'WhatsApp',
  bodyTemplate: 'Hi {{name}}, order {{order}} ships on {{date}}.',
  whatsappTemplate: { name: 'order_shipped', language: 'en_US' },
};

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'wa-templates');
}, 60_000);

/** A fresh access token: another suite on the shared platform may have moved the sandbox clock past the last one. */
async function token(): Promise<string> {
  const login = await api.post('/v1/auth/login', { body: { email: user.email, password: user.password } });
  if (login.status !== 200) throw new Error(`login: ${login.text}`);
  return login.body.accessToken;
}

function expectValidationProblem(res: ApiResponse, fields: string[]) {
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED', detail: expect.any(String), traceId: expect.any(String) });
  expect(Object.keys(res.body.errors).sort()).toEqual([...fields].sort());
}

const templatesStored = () => countRows(booted.platform, 'messaging', 'templates', { account_id: user.accountId });
const create = async (body: Record<string, unknown>) => api.post('/v1/templates', { token: await token(), body });
const update = async (templateId: string, body: Record<string, unknown>) => api.put(`/v1/templates/${templateId}`, { token: await token(), body });
const read = async (templateId: string) => (await api.get(`/v1/templates/${templateId}`, { token: await token() })).body;

describe('whatsappTemplate on templates', () => {
  it('is set on create and read back; an update that omits it keeps it, a link replaces it, null removes it', async () => {
    const created = await create(SHIPPED);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ channelType: 'WhatsApp', placeholders: ['name', 'order', 'date'], whatsappTemplate: { name: 'order_shipped', language: 'en_US' } });
    const { templateId } = created.body;
    expect(await read(templateId)).toEqual(created.body);
    const list = await api.get('/v1/templates', { token: await token() });
    expect(list.body.items.find((t: { templateId: string }) => t.templateId === templateId).whatsappTemplate).toEqual(SHIPPED.whatsappTemplate);

    const renamed = await update(templateId, { name: 'Order on its way' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.whatsappTemplate).toEqual(SHIPPED.whatsappTemplate);
    const relinked = await update(templateId, { whatsappTemplate: { name: 'order_shipped_v2', language: 'pt_BR' } });
    expect(relinked.body.whatsappTemplate).toEqual({ name: 'order_shipped_v2', language: 'pt_BR' });
    const unlinked = await update(templateId, { whatsappTemplate: null });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.whatsappTemplate).toBeNull();
    expect((await read(templateId)).whatsappTemplate).toBeNull();
  });

  it('a template created without one answers null; null on create is the same', async () => {
    const without = await create({ ...SHIPPED, whatsappTemplate: undefined });
    expect(without.status).toBe(201);
    expect(without.body.whatsappTemplate).toBeNull();
    const withNull = await create({ ...SHIPPED, whatsappTemplate: null });
    expect([withNull.status, withNull.body.whatsappTemplate]).toEqual([201, null]);
  });

  it('the account-scoped create with a chosen id takes it, and compares it on a repeat', async () => {
    const templateId = randomUUID();
    const path = `/v1/accounts/${user.accountId}/templates/${templateId}`;
    expect((await api.post(path, { token: await token(), body: SHIPPED })).status).toBe(201);
    const repeat = await api.post(path, { token: await token(), body: SHIPPED });
    expect([repeat.status, repeat.body.whatsappTemplate]).toEqual([200, SHIPPED.whatsappTemplate]);
    const other = await api.post(path, { token: await token(), body: { ...SHIPPED, whatsappTemplate: { name: 'order_shipped', language: 'en_GB' } } });
    expect([other.status, other.body.code]).toEqual([409, 'CONFLICT']);
  });

  it('an SMS or Email template cannot have one: 400 naming whatsappTemplate, nothing stored', async () => {
    const before = await templatesStored();
    for (const channelType of ['Sms', 'Email']) {
      const res = await create({ ...SHIPPED, channelType });
      expectValidationProblem(res, ['whatsappTemplate']);
      expect(res.body.errors.whatsappTemplate[0]).toContain(`this is a ${channelType} template`);
    }
    expect(await templatesStored()).toBe(before);
  });

  it("a name or language Meta would not accept is 400 naming it, nothing stored", async () => {
    const before = await templatesStored();
    const cases: Array<[unknown, string[]]> = [
      [{ name: 'Order Shipped', language: 'en_US' }, ['whatsappTemplate.name']],
      [{ name: 'order-shipped', language: 'en_US' }, ['whatsappTemplate.name']],
      [{ name: '', language: 'en_US' }, ['whatsappTemplate.name']],
      [{ name: 'order_shipped', language: 'en-US' }, ['whatsappTemplate.language']],
      [{ name: 'order_shipped', language: 'EN' }, ['whatsappTemplate.language']],
    ];
    for (const [whatsappTemplate, fields] of cases) {
      const res = await create({ ...SHIPPED, whatsappTemplate });
      // The case beside its answer, so a failure names it.
      expect({ whatsappTemplate, status: res.status, fields: Object.keys(res.body.errors ?? {}) }).toEqual({ whatsappTemplate, status: 400, fields });
      expectValidationProblem(res, fields);
    }
    // Shapes the document refuses before messaging sees them (named `whatsappTemplate` as a whole: the field
    // may be null): a name over 512, a language over 6, a missing language, a number for a name, an unknown
    // field, a string for the link.
    for (const whatsappTemplate of [
      { name: 'o'.repeat(513), language: 'en_US' },
      { name: 'order_shipped', language: 'english' },
      { name: 'order_shipped' },
      { name: 7, language: 'en' },
      { name: 'order_shipped', language: 'en', namespace: 'x' },
      'order_shipped',
    ]) {
      const res = await create({ ...SHIPPED, whatsappTemplate });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(Object.keys(res.body.errors).every((field) => field.startsWith('whatsappTemplate'))).toBe(true);
    }
    expect(await templatesStored()).toBe(before);
  });

  it('a refused update changes nothing: a link on an SMS template, a channel change leaving the link on, a bad link', async () => {
    const sms = await create({ name: 'Code', channelType: 'Sms', bodyTemplate: 'Your code is {{code}}' });
    const linked = await create(SHIPPED);
    const smsBefore = await read(sms.body.templateId);
    const linkedBefore = await read(linked.body.templateId);

    expectValidationProblem(await update(sms.body.templateId, { whatsappTemplate: SHIPPED.whatsappTemplate }), ['whatsappTemplate']);
    expectValidationProblem(await update(linked.body.templateId, { channelType: 'Sms' }), ['whatsappTemplate']);
    expectValidationProblem(await update(linked.body.templateId, { name: 'Renamed', whatsappTemplate: { name: 'Bad Name', language: 'en' } }), [
      'whatsappTemplate.name',
    ]);
    expect(await read(sms.body.templateId)).toEqual(smsBefore);
    expect(await read(linked.body.templateId)).toEqual(linkedBefore);

    // Removing the link together with the channel change is accepted.
    const moved = await update(linked.body.templateId, { channelType: 'Sms', whatsappTemplate: null });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ channelType: 'Sms', whatsappTemplate: null });
  });
});
