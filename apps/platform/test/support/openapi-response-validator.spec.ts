import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenApiResponseValidator, type OpenApiDocument, type ReceivedResponse } from './openapi-response-validator';

// The committed contract the gateway serves (its `servers` entry aside).
const document = JSON.parse(
  readFileSync(join(__dirname, '../../../../libs/services/gateway/src/generated/openapi.json'), 'utf8'),
) as OpenApiDocument;
const validator = new OpenApiResponseValidator(document);

const ID = '6f1c2a8e-1b7a-4c55-9d0e-3c1f2b4a5d6e';
const JSON_TYPE = 'application/json; charset=utf-8';
const PROBLEM_TYPE = 'application/problem+json; charset=utf-8';

const apiKey = {
  apiKeyId: ID,
  name: 'ci',
  rights: ['SendMessages'],
  subaccountId: null,
  expiresAt: null,
  status: 'active',
  prefix: 'mpk_ab',
  createdAt: '2026-11-24T08:00:00.000Z',
  revokedAt: null,
};
const message = {
  messageId: ID,
  accountId: ID,
  subaccountId: null,
  channelType: 'Sms',
  destination: '+14155550100',
  body: 'Hello',
  status: 'queued',
  segmentCount: 1,
  encoding: 'gsm7',
  estimatedCost: 0.0079,
  clientReference: null,
  externalId: null,
  messageType: 'Transactional',
  priority: 'Normal',
  actor: null,
  sendAt: null,
  expiresAt: null,
  replyStatus: 'None',
  templateId: null,
  inReplyToInboundMessageId: null,
  replyOptions: [],
  replyOptionKey: null,
  replyOptionValue: null,
  answeredAt: null,
  channelHistory: [],
  auditTrail: [{ at: '2026-11-24T08:00:00.000Z', event: 'accepted', fromStatus: null, toStatus: 'queued', detail: null }],
  createdAt: '2026-11-24T08:00:00.000Z',
  updatedAt: '2026-11-24T08:00:00.000Z',
};
const problem = (status: number, code: string) => ({
  type: `https://api.example.test/problems/${code.toLowerCase().replace(/_/g, '-')}`,
  title: 'Problem',
  status,
  code,
  traceId: 'a'.repeat(32),
  instance: '/v1/api-keys',
});

const response = (r: Partial<ReceivedResponse> & { body?: unknown }): ReceivedResponse => ({
  method: r.method ?? 'GET',
  path: r.path ?? '/v1/api-keys',
  status: r.status ?? 200,
  contentType: r.contentType === undefined ? JSON_TYPE : r.contentType,
  text: r.text ?? (r.body === undefined ? '' : JSON.stringify(r.body)),
});

describe('OpenApiResponseValidator', () => {
  it('accepts responses the document describes: bodies, nulls, problems, empty 204s, query strings', () => {
    expect(validator.check(response({ body: { items: [apiKey] } }))).toBeUndefined();
    expect(validator.check(response({ path: `/v1/accounts/${ID}/messages/${ID}?x=1`, body: message }))).toBeUndefined();
    expect(validator.check(response({ status: 401, contentType: PROBLEM_TYPE, body: problem(401, 'UNAUTHORIZED') }))).toBeUndefined();
    expect(validator.check(response({ method: 'DELETE', path: `/v1/api-keys/${ID}`, status: 204, contentType: null }))).toBeUndefined();
  });

  it('catches a status the operation does not document, naming the operation', () => {
    expect(validator.check(response({ status: 418, body: { items: [] } }))).toMatch(/listApiKeys \(GET \/v1\/api-keys\) answered 418, which it does not document/);
  });

  it('catches a media type the response does not list (an error sent as plain JSON)', () => {
    expect(validator.check(response({ status: 401, contentType: JSON_TYPE, body: problem(401, 'UNAUTHORIZED') }))).toMatch(
      /listApiKeys .* answered 401 as 'application\/json', not a documented media type \(application\/problem\+json\)/,
    );
  });

  it('catches a body that breaks the schema: a status outside spec 3.1, a missing field, an undocumented field, a wrong null', () => {
    const path = `/v1/accounts/${ID}/messages/${ID}`;
    expect(validator.check(response({ path, body: { ...message, status: 'sent' } }))).toMatch(/getAccountMessage .*\/status must be equal to one of the allowed values/);
    const { segmentCount: _, ...withoutSegments } = message;
    expect(validator.check(response({ path, body: withoutSegments }))).toMatch(/must have required property 'segmentCount'/);
    expect(validator.check(response({ path, body: { ...message, surprise: 1 } }))).toMatch(/must NOT have additional properties/);
    expect(validator.check(response({ path, body: { ...message, destination: null } }))).toMatch(/\/destination must be string/);
    expect(validator.check(response({ status: 401, contentType: PROBLEM_TYPE, body: { title: 'no code' } }))).toMatch(/required property/);
  });

  it('catches a body where the document promises none, and a body that is not JSON', () => {
    expect(validator.check(response({ method: 'DELETE', path: `/v1/api-keys/${ID}`, status: 204, text: '{}' }))).toMatch(/documented as empty/);
    expect(validator.check(response({ text: 'not json' }))).toMatch(/not JSON/);
  });

  it('reads JSON under a text media type whose schema is not text, and takes a CSV export as text', () => {
    const brands = '/v1/tendlc/brands';
    expect(validator.check(response({ path: brands, contentType: 'text/plain', text: '[]' }))).toBeUndefined();
    expect(validator.check(response({ path: brands, contentType: 'text/plain', text: '{}' }))).toMatch(/listTenDlcBrands .* must be array/);
    const csv = { path: `/v1/accounts/${ID}/recipient-consent/opt-outs/export`, contentType: 'text/csv; charset=utf-8', text: 'recipient,channel\n' };
    expect(validator.check(response(csv))).toBeUndefined();
  });

  it('takes an empty 431 (Node refusing oversized headers before any route) as the transport\'s, not an operation\'s', () => {
    expect(validator.check(response({ status: 431, contentType: null }))).toBeUndefined();
    expect(validator.check(response({ status: 431, body: { code: 'X' } }))).toMatch(/answered 431/);
  });

  it('leaves the hidden routes alone, and holds any other undocumented route to 404 NOT_FOUND problem details', () => {
    expect(validator.check(response({ method: 'POST', path: '/v1/webhooks/stripe', contentType: 'text/plain', text: 'ok' }))).toBeUndefined();
    expect(validator.check(response({ path: '/healthz', body: { status: 'ok' } }))).toBeUndefined();
    expect(validator.check(response({ path: '/v1/nowhere', status: 404, contentType: PROBLEM_TYPE, body: problem(404, 'NOT_FOUND') }))).toBeUndefined();
    expect(validator.check(response({ path: '/v1/nowhere', body: {} }))).toMatch(/GET \/v1\/nowhere \(not in the contract\) answered 200/);
    expect(validator.check(response({ path: '/v1/api-keys/', body: { items: [] } }))).toBeUndefined();
    expect(validator.check(response({ method: 'PATCH', path: '/v1/api-keys', status: 404, body: problem(404, 'NOT_FOUND') }))).toMatch(/not a documented media type/);
  });
});
