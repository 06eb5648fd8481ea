import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { breakingChanges, type OpenApiDocument } from './breaking-changes';

// A small released contract: a message resource (with a recursive `related`), a send and a read.
const released = (): OpenApiDocument => ({
  paths: {
    '/v1/messages': {
      post: {
        security: [{ bearer: [] }, { apiKey: ['SendMessages'] }],
        parameters: [{ in: 'header', name: 'Idempotency-Key', required: false, schema: { type: 'string' } }],
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/SendRequest' } } } },
        responses: {
          '201': { description: 'Sent', content: { 'application/json': { schema: { $ref: '#/components/schemas/Message' } } } },
          '400': { description: 'Bad', content: { 'application/json': { schema: { $ref: '#/components/schemas/Problem' } } } },
        },
      },
      get: {
        security: [{ bearer: [] }],
        parameters: [{ in: 'query', name: 'status', required: false, schema: { type: 'string', enum: ['queued', 'delivered'] } }],
        responses: {
          '200': {
            description: 'Ok',
            content: { 'application/json': { schema: { type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Message' } } } } } },
          },
        },
      },
    },
    '/v1/messages/{messageId}': {
      get: {
        security: [],
        parameters: [{ in: 'path', name: 'messageId', required: true, schema: { type: 'string' } }],
        responses: { '200': { description: 'Ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Message' } } } } },
      },
      delete: { security: [{ bearer: [] }], responses: { '204': { description: 'Gone' } } },
    },
  },
  components: {
    schemas: {
      SendRequest: {
        type: 'object',
        additionalProperties: false,
        required: ['destination'],
        properties: {
          destination: { type: 'string' },
          body: { type: 'string' },
          priority: { $ref: '#/components/schemas/Priority' },
          sendAt: { type: 'string', nullable: true },
          maxCost: { type: 'integer' },
        },
      },
      Priority: { type: 'string', enum: ['Normal', 'Urgent'] },
      Message: {
        type: 'object',
        required: ['messageId', 'status'],
        properties: {
          messageId: { type: 'string' },
          status: { type: 'string' },
          segmentCount: { type: 'number' },
          body: { type: 'string' },
          related: { type: 'array', items: { $ref: '#/components/schemas/Message' } },
        },
      },
      Problem: { type: 'object', properties: { code: { type: 'string' } } },
    },
  },
});

/** The released contract with one edit applied. */
const changed = (edit: (doc: any) => void): OpenApiDocument => {
  const doc = released();
  edit(doc);
  return doc;
};
const ids = (doc: OpenApiDocument) => breakingChanges(released(), doc).map((finding) => finding.id);
const schemas = (doc: any) => doc.components.schemas;

describe('breakingChanges', () => {
  it('finds nothing between a document and itself, the released v1 included', () => {
    expect(ids(released())).toEqual([]);
    const v1 = JSON.parse(readFileSync(join(__dirname, '../../docs/contract/v1.released.json'), 'utf8'));
    expect(breakingChanges(v1, v1)).toEqual([]);
  });

  it('lets a looser request bound through', () => {
    const tight = changed((doc) => (schemas(doc).SendRequest.properties.body = { type: 'string', maxLength: 100, minLength: 5 }));
    const loose = changed((doc) => (schemas(doc).SendRequest.properties.body = { type: 'string', maxLength: 1600, minLength: 1 }));
    expect(breakingChanges(tight, loose)).toEqual([]);
    expect(breakingChanges(loose, tight).map((finding) => finding.detail)).toEqual(['maxLength 1600 -> 100, minLength 1 -> 5']);
  });

  it('lets additions through: paths, operations, optional fields, statuses, response enums, schemes', () => {
    const additions = changed((doc) => {
      doc.paths['/v1/templates'] = { get: { responses: { '200': { description: 'Ok' } } } };
      doc.paths['/v1/messages/{messageId}'].put = { responses: { '200': { description: 'Ok' } } };
      doc.paths['/v1/messages'].post.parameters.push({ in: 'query', name: 'dryRun', required: false, schema: { type: 'boolean' } });
      doc.paths['/v1/messages'].post.responses['409'] = { description: 'Conflict' };
      doc.paths['/v1/messages'].post.security.push({ oauth: [] });
      doc.paths['/v1/messages'].get.parameters[0].schema.enum.push('failed');
      schemas(doc).SendRequest.properties.clientReference = { type: 'string' };
      schemas(doc).SendRequest.properties.maxCost = { type: 'number' };
      schemas(doc).SendRequest.required = ['destination'];
      schemas(doc).Priority.enum.push('Low');
      schemas(doc).Message.properties.replyStatus = { type: 'string' };
      schemas(doc).Message.properties.status = { $ref: '#/components/schemas/MessageStatus' };
      schemas(doc).Message.properties.segmentCount = { type: 'integer' };
      schemas(doc).MessageStatus = { type: 'string', enum: ['queued', 'delivered'] };
      // Errors are read by their status: a new error media type breaks no client.
      doc.paths['/v1/messages'].post.responses['400'].content = { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } };
    });
    expect(ids(additions)).toEqual([]);
  });

  it.each<[string, (doc: any) => void, string[]]>([
    ['a removed path', (doc) => delete doc.paths['/v1/messages/{messageId}'], ['removed-path /v1/messages/{messageId}']],
    ['a removed operation', (doc) => delete doc.paths['/v1/messages/{messageId}'].delete, ['removed-operation DELETE /v1/messages/{messageId}']],
    ['a removed status', (doc) => delete doc.paths['/v1/messages'].post.responses['400'], ['removed-response-status POST /v1/messages 400']],
    [
      'a changed status',
      (doc) => {
        doc.paths['/v1/messages/{messageId}'].delete.responses = { '200': { description: 'Gone' } };
      },
      ['removed-response-status DELETE /v1/messages/{messageId} 204'],
    ],
    [
      "a success response's changed media type",
      (doc) => {
        const ok = doc.paths['/v1/messages/{messageId}'].get.responses['200'];
        ok.content = { 'text/plain': ok.content['application/json'] };
      },
      ['removed-response-media-type GET /v1/messages/{messageId} 200 application/json'],
    ],
    [
      'a removed response field, wherever the schema is used',
      (doc) => delete schemas(doc).Message.properties.body,
      [
        'removed-response-property POST /v1/messages 201 body.body',
        'removed-response-property GET /v1/messages 200 body.items[].body',
        'removed-response-property GET /v1/messages/{messageId} 200 body.body',
      ],
    ],
    [
      'a removed field of a nested, recursive schema',
      (doc) => delete schemas(doc).Message.properties.related,
      [
        'removed-response-property POST /v1/messages 201 body.related',
        'removed-response-property GET /v1/messages 200 body.items[].related',
        'removed-response-property GET /v1/messages/{messageId} 200 body.related',
      ],
    ],
    [
      "a response field's changed type",
      (doc) => {
        schemas(doc).Message.properties.messageId = { type: 'integer' };
      },
      [
        'changed-response-type POST /v1/messages 201 body.messageId',
        'changed-response-type GET /v1/messages 200 body.items[].messageId',
        'changed-response-type GET /v1/messages/{messageId} 200 body.messageId',
      ],
    ],
    [
      'a response field that may now be null',
      (doc) => {
        schemas(doc).Message.properties.status.nullable = true;
      },
      [
        'changed-response-type POST /v1/messages 201 body.status',
        'changed-response-type GET /v1/messages 200 body.items[].status',
        'changed-response-type GET /v1/messages/{messageId} 200 body.status',
      ],
    ],
    ['a removed request field', (doc) => delete schemas(doc).SendRequest.properties.body, ['removed-request-property POST /v1/messages body.body']],
    [
      "a request field's changed type, or null no longer accepted",
      (doc) => {
        schemas(doc).SendRequest.properties.maxCost = { type: 'string' };
        schemas(doc).SendRequest.properties.sendAt = { type: 'string' };
      },
      ['changed-request-type POST /v1/messages body.sendAt', 'changed-request-type POST /v1/messages body.maxCost'],
    ],
    [
      'a request field that became required, and a new required one',
      (doc) => {
        schemas(doc).SendRequest.required = ['destination', 'body', 'channel'];
        schemas(doc).SendRequest.properties.channel = { type: 'string' };
      },
      ['new-required-request-property POST /v1/messages body.body', 'new-required-request-property POST /v1/messages body.channel'],
    ],
    [
      'a request body that became required',
      (doc) => {
        doc.paths['/v1/messages/{messageId}'].delete.requestBody = { required: true, content: { 'application/json': { schema: { type: 'object' } } } };
      },
      ['request-body-became-required DELETE /v1/messages/{messageId}'],
    ],
    [
      'a parameter that became required, and a new required one',
      (doc) => {
        doc.paths['/v1/messages'].post.parameters[0].required = true;
        doc.paths['/v1/messages'].get.parameters.push({ in: 'query', name: 'from', required: true, schema: { type: 'string' } });
      },
      ['new-required-parameter POST /v1/messages header.idempotency-key', 'new-required-parameter GET /v1/messages query.from'],
    ],
    ['a removed query parameter', (doc) => (doc.paths['/v1/messages'].get.parameters = []), ['removed-parameter GET /v1/messages query.status']],
    [
      'a narrowed request enum, in a body or a parameter',
      (doc) => {
        schemas(doc).Priority.enum = ['Normal'];
        doc.paths['/v1/messages'].get.parameters[0].schema.enum = ['queued'];
      },
      ['narrowed-request-enum GET /v1/messages query.status', 'narrowed-request-enum POST /v1/messages body.priority'],
    ],
    [
      'a tighter request bound, new or lower, in a body or a parameter (a looser one, or a bound in an answer, is fine)',
      (doc) => {
        schemas(doc).SendRequest.properties.body = { type: 'string', maxLength: 1600 };
        schemas(doc).SendRequest.properties.maxCost = { type: 'integer', minimum: 1, maximum: 100 };
        doc.paths['/v1/messages'].post.parameters[0].schema.maxLength = 255;
        schemas(doc).Message.properties.body = { type: 'string', maxLength: 10 };
      },
      [
        'narrowed-request-bound POST /v1/messages body.body',
        'narrowed-request-bound POST /v1/messages body.maxCost',
        'narrowed-request-bound POST /v1/messages header.idempotency-key',
      ],
    ],
    [
      'a request field that became a closed set',
      (doc) => {
        schemas(doc).SendRequest.properties.destination = { type: 'string', enum: ['+14155550100'] };
      },
      ['narrowed-request-enum POST /v1/messages body.destination'],
    ],
    [
      'authentication no longer accepted, or now required',
      (doc) => {
        doc.paths['/v1/messages'].post.security = [{ bearer: [] }];
        doc.paths['/v1/messages/{messageId}'].get.security = [{ bearer: [] }];
      },
      ['removed-security POST /v1/messages apiKey(SendMessages)', 'removed-security GET /v1/messages/{messageId} anonymous'],
    ],
  ])('finds %s', (_what, edit, expected) => {
    expect(ids(changed(edit)).sort()).toEqual([...expected].sort());
  });

  it('finds a removed request field of an open object too (what the client meant by it is dropped)', () => {
    const open = changed((doc) => {
      delete schemas(doc).SendRequest.additionalProperties;
      delete schemas(doc).SendRequest.properties.body;
    });
    expect(ids(open)).toEqual(['removed-request-property POST /v1/messages body.body']);
  });

  it('reads allOf members as one object', () => {
    const split = changed((doc) => {
      const { messageId, ...rest } = schemas(doc).Message.properties;
      schemas(doc).MessageId = { type: 'object', properties: { messageId } };
      schemas(doc).Message = { allOf: [{ $ref: '#/components/schemas/MessageId' }, { type: 'object', properties: rest }] };
    });
    expect(ids(split)).toEqual([]);
    delete (split.components!.schemas as any).MessageId.properties.messageId;
    expect(ids(split)).toContain('removed-response-property GET /v1/messages/{messageId} 200 body.messageId');
  });
});
