import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { signUp } from './support/journeys';
import { sharedPlatform, type BootedPlatform } from './support/platform-fixture';

/** DECISIONS "Accounts": every right an API key can hold. */
const API_KEY_RIGHTS = ['SendMessages', 'ReadMessages', 'ManageWebhooks', 'ManageRouting', 'ReadRecipientConsent', 'ManageRecipientConsent'];
const SOME_ID = '00000000-0000-4000-8000-000000000000';

let booted: BootedPlatform;

beforeAll(async () => {
  booted = await sharedPlatform();
});

type Operation = { security?: Array<Record<string, string[]>>; responses: Record<string, unknown> };
type DocumentedOperation = { operationId: string; summary?: string; tags?: string[]; responses: Record<string, { content?: unknown }> };

describe('the published contract (spec 9)', () => {
  it('is served as OpenAPI 3.0 JSON and the same document as YAML', async () => {
    const json = await booted.api.get('/openapi/public.json');
    expect(json.status).toBe(200);
    expect(json.body.openapi).toMatch(/^3\.0/);
    expect(json.body.info.version).toBe('v1');
    const yaml = await booted.api.get('/openapi/public.yaml');
    expect(yaml.status).toBe(200);
    expect(yaml.headers.get('content-type')).toMatch(/yaml/);
    expect(parse(yaml.text)).toEqual(json.body);
    // The generated document with this deployment's server: what the API suites' client holds responses to.
    const generated = JSON.parse(readFileSync(join(__dirname, '../../../libs/services/gateway/src/generated/openapi.json'), 'utf8'));
    expect(json.body).toEqual({ ...generated, servers: [{ url: expect.stringMatching(/^http/) }] });
  });

  it('annotates every operation with its security and documents 401, 403, 422, 429 and 500', async () => {
    const doc = (await booted.api.get('/openapi/public.json')).body;
    const paths = Object.entries(doc.paths as Record<string, Record<string, Operation>>);
    expect(paths.length).toBeGreaterThan(15);
    for (const [path, ops] of paths) {
      expect(path.startsWith('/v1/')).toBe(true);
      for (const [method, op] of Object.entries(ops)) {
        expect({ op: `${method} ${path}`, hasSecurity: Array.isArray(op.security) }).toEqual({ op: `${method} ${path}`, hasSecurity: true });
        for (const status of ['401', '403', '422', '429', '500']) expect(Object.keys(op.responses)).toContain(status);
      }
    }
    // Internal callbacks are not part of the public contract.
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/v1/webhooks/carriers'))).toBe(false);
  });

  it('gives every operation its own operationId (generated clients name methods after them)', async () => {
    const doc = (await booted.api.get('/openapi/public.json')).body;
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId: string }>>).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids.every((id) => typeof id === 'string' && id.length > 0)).toBe(true);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('names, summarises, tags and documents every operation, errors as problem details (spec 2.8, 9.5), bodies as named, described schemas', async () => {
    const doc = (await booted.api.get('/openapi/public.json')).body;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, DocumentedOperation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const name = `${method} ${path}`;
        expect({ name, operationId: /^[a-z][A-Za-z0-9]+$/.test(op.operationId) }).toEqual({ name, operationId: true });
        expect({ name, summary: (op.summary ?? '').length > 0, tagged: (op.tags ?? []).length > 0 }).toEqual({ name, summary: true, tagged: true });
        for (const [status, response] of Object.entries(op.responses)) {
          if (!/^[45]/.test(status)) continue;
          expect({ name, status, content: response.content }).toEqual({
            name,
            status,
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          });
        }
      }
    }
    // JSON bodies are named schemas (reused across operations), each described; files and CSV text stay inline.
    type Media = Record<string, { schema: { $ref?: string; type?: string; items?: { $ref?: string } } }>;
    const named = (schema: { $ref?: string; type?: string; items?: { $ref?: string } }) => schema.$ref !== undefined || schema.items?.$ref !== undefined;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, { requestBody?: { content: Media }; responses: Record<string, { content?: Media }> }>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const bodies = [op.requestBody?.content ?? {}, ...Object.values(op.responses).map((r) => r.content ?? {})];
        for (const [mediaType, { schema }] of bodies.flatMap((content) => Object.entries(content))) {
          if (!/json/.test(mediaType)) continue;
          expect({ op: `${method} ${path}`, mediaType, named: named(schema) }).toEqual({ op: `${method} ${path}`, mediaType, named: true });
        }
      }
    }
    for (const [name, schema] of Object.entries(doc.components.schemas as Record<string, { description?: string }>)) {
      expect({ name, described: (schema.description ?? '').length > 0 }).toEqual({ name, described: true });
    }
    // The operations the issue names, as generated clients call them.
    const ids = Object.values(doc.paths as Record<string, Record<string, DocumentedOperation>>).flatMap((ops) => Object.values(ops).map((op) => op.operationId));
    expect(ids).toEqual(expect.arrayContaining(['sendAccountMessage', 'sendSubaccountMessage', 'listApiKeys', 'cancelSubaccountMessage', 'getAccountMessage']));
  });

  it('publishes every closed set of values as an enum with the spec\'s values', async () => {
    const schemas = (await booted.api.get('/openapi/public.json')).body.components.schemas as Record<string, { enum?: string[] }>;
    const published = (name: string) => [...(schemas[name]?.enum ?? [])].sort();
    const sorted = (values: string[]) => [...values].sort();
    expect(published('MessageStatus')).toEqual(sorted(['scheduled', 'queued', 'dispatched', 'delivered', 'undelivered', 'failed', 'canceled', 'expired']));
    expect(published('ReplyStatus')).toEqual(sorted(['None', 'Awaiting', 'Answered', 'Expired']));
    expect(published('Priority')).toEqual(sorted(['Normal', 'Urgent']));
    expect(published('ChannelType')).toEqual(sorted(['Sms', 'WhatsApp', 'Email']));
    expect(published('MessageType')).toEqual(sorted(['Transactional', 'Marketing']));
    expect(published('PoolStrategy')).toEqual(sorted(['RoundRobin', 'LeastUsed', 'Random', 'Sticky']));
    expect(published('ConsentMethod')).toEqual(sorted(['WebForm', 'Written', 'Verbal', 'Text', 'Other']));
    expect(published('AccountOptOutScope')).toEqual(sorted(['accountLevelOnly', 'entireAccount']));
    expect(published('OptOutScope')).toEqual(sorted(['subaccount', 'accountLevelOnly', 'entireAccount', 'stopReply']));
    expect(published('ApiKeyRight')).toEqual(sorted(API_KEY_RIGHTS));
    expect(published('WebhookEventType')).toEqual(
      sorted(['MessageAccepted', 'MessageDelivered', 'MessageFailed', 'MessageRejected', 'MessageDeadLettered', 'MessageExpired', 'MessageReceived', 'RecipientOptedOut', 'RecipientOptedIn']),
    );
    // The message publishes them where it carries them.
    const message = schemas['MessageResource'] as unknown as { properties: Record<string, { $ref?: string }> };
    for (const [field, schema] of Object.entries({ status: 'MessageStatus', replyStatus: 'ReplyStatus', priority: 'Priority', channelType: 'ChannelType', messageType: 'MessageType' })) {
      expect({ field, ref: message.properties[field].$ref }).toEqual({ field, ref: `#/components/schemas/${schema}` });
    }
  });

  it('enforces what it annotates: secured operations answer 401 without credentials, anonymous ones do not', async () => {
    const doc = (await booted.api.get('/openapi/public.json')).body;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const concrete = path.replace(/\{[^}]+\}/g, SOME_ID);
        const res = await booted.api.request(method.toUpperCase(), concrete, { body: method === 'get' || method === 'delete' ? undefined : {} });
        const secured = (op.security ?? []).length > 0;
        expect({ op: `${method} ${path}`, status: res.status === 401 }).toEqual({ op: `${method} ${path}`, status: secured });
      }
    }
  });

  it('enforces each scheme it annotates: a user token, an API key, and the rights each operation names', async () => {
    const doc = (await booted.api.get('/openapi/public.json')).body;
    const user = await signUp(booted.api, 'schemes');
    const keyWith = new Map<string, string>();
    const apiKey = async (rights: string[]) => {
      const id = rights.join(',');
      if (!keyWith.has(id)) {
        const created = await booted.api.post('/v1/api-keys', { token: user.accessToken, body: { name: `key ${keyWith.size}`, rights } });
        expect(created.status).toBe(201);
        keyWith.set(id, created.body.key);
      }
      return keyWith.get(id)!;
    };
    const allRightsKey = await apiKey(API_KEY_RIGHTS);
    // The caller's own ids where a path names them, so routes get past tenancy checks where they can.
    const concrete = (path: string) =>
      path.replace('{accountId}', user.accountId).replace('{userId}', user.userId).replace(/\{[^}]+\}/g, SOME_ID);
    const call = (method: string, path: string, credential: { token?: string; apiKey?: string }) =>
      booted.api.request(method.toUpperCase(), concrete(path), {
        ...credential,
        body: method === 'get' || method === 'delete' ? undefined : {},
      });
    const refusedScheme = (res: { status: number; body: { code?: string; detail?: string } }) =>
      res.status === 401 && /does not accept/.test(res.body?.detail ?? '');

    const seen = { bearer: 0, apiKey: 0, rights: 0 };
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const security = op.security ?? [];
        if (security.length === 0) continue; // anonymous: covered above
        const name = `${method} ${path}`;
        const bearer = security.some((s) => 'bearer' in s);
        const keyRights = security.find((s) => 'apiKey' in s)?.apiKey;
        for (const right of keyRights ?? []) expect({ name, right, known: API_KEY_RIGHTS.includes(right) }).toEqual({ name, right, known: true });

        const withToken = await call(method, path, { token: user.accessToken });
        expect({ name, bearerRefused: refusedScheme(withToken) }).toEqual({ name, bearerRefused: !bearer });
        if (bearer) seen.bearer += 1;

        const withKey = await call(method, path, { apiKey: allRightsKey });
        expect({ name, keyRefused: refusedScheme(withKey), status: withKey.status === 403 && withKey.body.code === 'FORBIDDEN' }).toEqual({
          name,
          keyRefused: keyRights === undefined,
          status: false,
        });
        if (keyRights === undefined) continue;
        seen.apiKey += 1;
        if (keyRights.length === 0) continue;

        // A key holding every right but the ones named is refused with 403 FORBIDDEN naming them.
        const lacking = await call(method, path, { apiKey: await apiKey(API_KEY_RIGHTS.filter((r) => !keyRights.includes(r))) });
        expect({ name, status: lacking.status, code: lacking.body.code }).toEqual({ name, status: 403, code: 'FORBIDDEN' });
        for (const right of keyRights) expect(lacking.body.detail).toContain(right);
        seen.rights += 1;
      }
    }
    expect(seen.bearer).toBeGreaterThan(20);
    expect(seen.apiKey).toBeGreaterThan(3);
    expect(seen.rights).toBeGreaterThanOrEqual(3);
  });
});
