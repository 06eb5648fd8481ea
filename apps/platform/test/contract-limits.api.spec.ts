import type { ApiClient, ApiResponse } from './support/api-client';
import { freshDestination, signUp, uniqueEmail, type SignedUpUser } from './support/journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';

// Issue 27 point 8: every published length limit is the enforced one. The limits are read from the served
// document (/openapi/public.json), never restated here; for a sample of fields across operations a value of
// exactly the published length is accepted and one character more is 400 VALIDATION_FAILED naming the field.
// Characters are code points, as JSON Schema counts them: free text is written in a character outside the
// Basic Multilingual Plane (two UTF-16 units), so a server counting UTF-16 units would refuse it at half the limit.

type Schema = { $ref?: string; type?: string; maxLength?: number; maxItems?: number; properties?: Record<string, Schema>; items?: Schema };
type Operation = { parameters?: Array<{ in: string; name: string; schema?: Schema }>; requestBody?: { content: Record<string, { schema: Schema }> } };
interface Served {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let booted: BootedPlatform;
let api: ApiClient;
let user: SignedUpUser;
let served: Served;

const ASTRAL = '\u{1F600}'; // one character, two UTF-16 units
const text = (characters: number, unit = ASTRAL) => unit.repeat(characters);

beforeAll(async () => {
  booted = await sharedPlatform();
  api = booted.api;
  user = await signUp(api, 'contract-limits');
  const res = await fetch(`${booted.platform.url}/openapi/public.json`);
  served = (await res.json()) as Served;
});

const resolve = (schema: Schema): Schema => (schema.$ref ? resolve(served.components.schemas[schema.$ref.split('/').pop()!]) : schema);

/** The published bound of a JSON body field (`name` or `a.b`) of an operation. */
function publishedBody(method: string, path: string, field: string, bound: 'maxLength' | 'maxItems' = 'maxLength'): number {
  let schema = resolve(served.paths[path][method].requestBody!.content['application/json'].schema);
  for (const part of field.split('.')) {
    schema = resolve(schema.properties![part]);
    if (schema.type === 'array' && part !== field.split('.').pop()) schema = resolve(schema.items!);
  }
  const value = schema[bound];
  if (value === undefined) throw new Error(`${method.toUpperCase()} ${path} body.${field} publishes no ${bound}`);
  return value;
}

function publishedHeader(method: string, path: string, name: string): number {
  const parameter = served.paths[path][method].parameters!.find((p) => p.in === 'header' && p.name === name)!;
  return resolve(parameter.schema!).maxLength!;
}

interface Sample {
  /** As the document writes it: method and path template. */
  operation: [method: string, path: string];
  field: string;
  /** The field's unit: free text takes any character; a constrained field its own. */
  unit?: string;
  /** Where the request goes (the template filled in), and a valid body with `value` in the field. */
  request: () => { path: string; body: (value: string) => Record<string, unknown> };
  /** How the refusal names it, when not VALIDATION_FAILED naming `field` (reply options have a code of their own). */
  refusal?: { code: string; field: string };
}

const sendBody = (extra: Record<string, unknown>) => ({ channelType: 'Sms', destination: freshDestination(), body: 'Your appointment is at 10:00', ...extra });

const SAMPLES: Sample[] = [
  ...['clientReference', 'externalId', 'actor'].map(
    (field): Sample => ({
      operation: ['post', '/v1/accounts/{accountId}/messages'],
      field,
      request: () => ({ path: `/v1/accounts/${user.accountId}/messages`, body: (value) => sendBody({ [field]: value }) }),
    }),
  ),
  { operation: ['post', '/v1/api-keys'], field: 'name', request: () => ({ path: '/v1/api-keys', body: (name) => ({ name }) }) },
  {
    operation: ['post', '/v1/accounts/{accountId}/subaccounts'],
    field: 'name',
    request: () => ({ path: `/v1/accounts/${user.accountId}/subaccounts`, body: (name) => ({ name }) }),
  },
  {
    operation: ['post', '/v1/templates'],
    field: 'name',
    request: () => ({ path: '/v1/templates', body: (name) => ({ name, channelType: 'Sms', bodyTemplate: 'Hello {{name}}' }) }),
  },
  {
    operation: ['post', '/v1/templates'],
    field: 'replyOptions.value',
    request: () => ({
      path: '/v1/templates',
      body: (value) => ({ name: 'Reply value', channelType: 'Sms', bodyTemplate: 'Reply C to confirm', replyOptions: [{ key: 'C', value }] }),
    }),
    refusal: { code: 'REPLY_OPTION_INVALID', field: 'replyOptions.0.value' },
  },
  {
    operation: ['post', '/v1/webhooks'],
    field: 'label',
    request: () => ({ path: '/v1/webhooks', body: (label) => ({ url: 'https://127.0.0.1:9/deliveries', subscribedEvents: 'MessageDelivered', label }) }),
  },
  {
    operation: ['post', '/v1/accounts/{accountId}/recipient-consent/opt-out'],
    field: 'reason',
    request: () => ({
      path: `/v1/accounts/${user.accountId}/recipient-consent/opt-out`,
      body: (reason) => ({ recipient: freshDestination(), channelType: 'Sms', scope: 'accountLevelOnly', reason }),
    }),
  },
];

/** A published limit broken by one character: 400 VALIDATION_FAILED naming the field. */
function expectRefusedFor(res: ApiResponse, field: string, code = 'VALIDATION_FAILED') {
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(code);
  expect(Object.keys(res.body.errors ?? {})).toContain(field);
}

describe('the published length limits are the enforced ones', () => {
  it('publishes clientReference with the spec limit, 128 characters', () => {
    expect(publishedBody('post', '/v1/accounts/{accountId}/messages', 'clientReference')).toBe(128);
  });

  it.each(SAMPLES.map((s) => [`${s.operation[0].toUpperCase()} ${s.operation[1]} ${s.field}`, s] as const))(
    '%s: accepted at the published maxLength, refused one character over',
    async (_name, sample) => {
      const limit = publishedBody(sample.operation[0], sample.operation[1], sample.field);
      const { path, body } = sample.request();
      const atLimit = await api.post(path, { token: user.accessToken, body: body(text(limit, sample.unit)) });
      expect({ status: atLimit.status, errors: atLimit.body?.errors }).toEqual({ status: expect.any(Number), errors: undefined });
      expect(atLimit.status).toBeLessThan(300);
      const over = await api.post(path, { token: user.accessToken, body: body(text(limit + 1, sample.unit)) });
      expectRefusedFor(over, sample.refusal?.field ?? sample.field, sample.refusal?.code);
    },
  );

  it('registration: organizationName and password at their published limits, and one over', async () => {
    const organization = publishedBody('post', '/v1/register', 'organizationName');
    const password = publishedBody('post', '/v1/register', 'password');
    const atLimit = await api.post('/v1/register', { body: { email: uniqueEmail('limits'), password: text(password), organizationName: text(organization) } });
    expect(atLimit.status).toBe(201);
    const over = await api.post('/v1/register', { body: { email: uniqueEmail('limits'), password: text(password + 1), organizationName: text(organization + 1) } });
    expectRefusedFor(over, 'organizationName');
    expectRefusedFor(over, 'password');
  });

  it('a published maxItems: reply options of a template', async () => {
    const limit = publishedBody('post', '/v1/templates', 'replyOptions', 'maxItems');
    const options = (count: number) => Array.from({ length: count }, (_, i) => ({ key: `K${i}`, value: `Option ${i}` }));
    const body = (count: number) => ({ name: 'Many options', channelType: 'Sms', bodyTemplate: 'Choose one', replyOptions: options(count) });
    expect((await api.post('/v1/templates', { token: user.accessToken, body: body(limit) })).status).toBe(201);
    const over = await api.post('/v1/templates', { token: user.accessToken, body: body(limit + 1) });
    expect(over.status).toBe(400);
    expect(over.body.errors).toHaveProperty('replyOptions');
  });

  it('a published header limit: Idempotency-Key', async () => {
    const path = '/v1/accounts/{accountId}/messages';
    const limit = publishedHeader('post', path, 'Idempotency-Key');
    const send = (key: string) =>
      api.post(`/v1/accounts/${user.accountId}/messages`, { token: user.accessToken, headers: { 'idempotency-key': key }, body: sendBody({}) });
    expect((await send(text(limit, 'k'))).status).toBeLessThan(300);
    const over = await send(text(limit + 1, 'k'));
    expect(over.status).toBe(400);
    expect(over.body.code).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(over.body.errors).toLowerCase()).toContain('idempotency');
  });
});
