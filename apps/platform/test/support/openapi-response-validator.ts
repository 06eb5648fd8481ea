import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

/**
 * Holds every response the API suites receive against the published contract
 * (issue 14 point 2): the path and method match an operation, the status is
 * documented for it, the media type is listed, and the body matches the
 * schema. `check` names the drift, or answers undefined when the response
 * tells the truth.
 */

/** What a response said, as the client received it. */
export interface ReceivedResponse {
  method: string;
  /** The request path, query included. */
  path: string;
  status: number;
  /** The Content-Type header, parameters included; null when absent. */
  contentType: string | null;
  /** The body as text ('' when empty). */
  text: string;
}

type Schema = Record<string, unknown>;
interface MediaType {
  schema?: Schema;
}
interface DocumentedResponse {
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, DocumentedResponse>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/**
 * Routes the gateway serves on purpose outside the public contract (spec 9.2
 * excludes internal ones), so their answers are not held against it.
 */
const HIDDEN_ROUTES: Array<{ method: string; path: RegExp; why: string }> = [
  { method: 'GET', path: /^\/(healthz|readyz)$/, why: 'liveness and readiness probes' },
  { method: 'GET', path: /^\/metrics$/, why: 'Prometheus metrics, for the platform team' },
  { method: 'GET', path: /^\/openapi\/public\.(json|yaml)$/, why: 'the contract itself' },
  // Signed provider callbacks (spec 4.6): carriers, Stripe and the 10DLC registry call them, not integrators.
  { method: 'POST', path: /^\/v1\/webhooks\/carriers\/[^/]+\/[^/]+$/, why: 'carrier receipts and inbound messages (Twilio: status and inbound)' },
  { method: 'GET', path: /^\/v1\/webhooks\/carriers\/[^/]+$/, why: "Meta's webhook verification handshake" },
  { method: 'POST', path: /^\/v1\/webhooks\/carriers\/[^/]+$/, why: "Meta's WhatsApp webhooks" },
  { method: 'POST', path: /^\/v1\/webhooks\/stripe(\/connect)?$/, why: 'Stripe callbacks' },
  { method: 'POST', path: /^\/v1\/webhooks\/tcr$/, why: '10DLC registry callbacks' },
];

/**
 * Node's HTTP parser refuses a request line and headers over its 16 KiB limit
 * with an empty 431 before the gateway (or any route) sees the request: an
 * answer of the transport, not of an operation.
 */
const TRANSPORT_STATUSES = new Set([431]);

/** DECISIONS "Errors": a route the contract does not have answers 404 NOT_FOUND as problem details. */
const UNKNOWN_ROUTE_STATUS = 404;
const PROBLEM_MEDIA_TYPE = 'application/problem+json';

const SCHEMAS_ID = 'openapi-components';
const JSON_MEDIA = /^application\/(.+\+)?json$|^text\/json$/;

export class OpenApiResponseValidator {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly routes: Array<{ template: string; pattern: RegExp; params: number; operations: Record<string, Operation> }>;

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    // OpenAPI's numeric and binary formats name a storage size, not a textual form to check.
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary']) this.ajv.addFormat(format, true);
    this.ajv.addSchema({ $id: SCHEMAS_ID, components: { schemas: toJsonSchema(document.components?.schemas ?? {}) } });
    this.routes = Object.entries(document.paths)
      .map(([template, operations]) => ({
        template,
        pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]+')}$`),
        params: (template.match(/\{/g) ?? []).length,
        operations,
      }))
      // A literal segment wins over a parameter (`/v1/sandbox/clock` before a `{id}` at that place).
      .sort((a, b) => a.params - b.params);
  }

  /** The drift this response shows, or undefined when the contract documents it. */
  check(response: ReceivedResponse): string | undefined {
    const method = response.method.toUpperCase();
    // Express routes without strict routing: `/v1/templates/` is `/v1/templates`.
    const path = response.path.split('?')[0].replace(/(.)\/$/, '$1');
    if (HIDDEN_ROUTES.some((r) => r.method === method && r.path.test(path))) return undefined;
    if (TRANSPORT_STATUSES.has(response.status) && response.text === '') return undefined;

    const route = this.routes.find((r) => r.pattern.test(path) && r.operations[method.toLowerCase()] !== undefined);
    if (!route) return this.checkUnknownRoute(method, path, response);
    const operation = route.operations[method.toLowerCase()];
    const name = `${operation.operationId ?? '(no operationId)'} (${method} ${route.template})`;

    const statusKey = documentedStatus(operation.responses, response.status);
    if (!statusKey) {
      return `${name} answered ${response.status}, which it does not document (documented: ${Object.keys(operation.responses).join(', ')}); body: ${response.text.slice(0, 300)}`;
    }
    return this.checkBody(name, `${operation.operationId}:${statusKey}`, operation.responses[statusKey], response);
  }

  private checkUnknownRoute(method: string, path: string, response: ReceivedResponse): string | undefined {
    const name = `${method} ${path} (not in the contract)`;
    if (response.status !== UNKNOWN_ROUTE_STATUS) return `${name} answered ${response.status}; a route the contract lacks must answer 404 NOT_FOUND`;
    const problem = { content: { [PROBLEM_MEDIA_TYPE]: { schema: { $ref: '#/components/schemas/Problem' } } } };
    return this.checkBody(name, 'unknown-route', problem, response);
  }

  private checkBody(name: string, key: string, documented: DocumentedResponse, response: ReceivedResponse): string | undefined {
    const content = documented.content ?? {};
    const mediaTypes = Object.keys(content);
    if (mediaTypes.length === 0) {
      return response.text === '' ? undefined : `${name} answered ${response.status} with a body, documented as empty: ${response.text.slice(0, 300)}`;
    }
    const mediaType = (response.contentType ?? '').split(';')[0].trim().toLowerCase();
    if (!mediaTypes.includes(mediaType)) {
      return `${name} answered ${response.status} as '${mediaType || '(no content type)'}', not a documented media type (${mediaTypes.join(', ')})`;
    }
    const schema = content[mediaType].schema;
    if (!schema) return undefined;
    let body: unknown = response.text;
    // JSON media types carry JSON; so does any other one whose schema is not text (10DLC brands negotiate text/plain).
    if (JSON_MEDIA.test(mediaType) || schema.type !== 'string') {
      try {
        body = JSON.parse(response.text);
      } catch {
        return `${name} answered ${response.status} as ${mediaType} with a body that is not JSON: ${response.text.slice(0, 300)}`;
      }
    }
    const validate = this.validatorFor(`${key}:${mediaType}`, schema);
    if (validate(body)) return undefined;
    const errors = (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    return `${name} answered ${response.status} with a ${mediaType} body that breaks its schema: ${errors.slice(0, 5).join('; ')}; body: ${response.text.slice(0, 300)}`;
  }

  private validatorFor(key: string, schema: Schema): ValidateFunction {
    let validate = this.compiled.get(key);
    if (!validate) {
      validate = this.ajv.compile(toJsonSchema(schema) as Schema);
      this.compiled.set(key, validate);
    }
    return validate;
  }
}

/** The documented status key of a response: the exact code, its range (`4XX`), or `default`. */
function documentedStatus(responses: Record<string, unknown>, status: number): string | undefined {
  return [String(status), `${String(status)[0]}XX`, 'default'].find((key) => key in responses);
}

/**
 * An OpenAPI 3.0 schema as JSON Schema: `nullable: true` also admits null
 * (whatever the schema beside it says, `allOf` of a reference included), and
 * references point into the components registered with Ajv.
 */
export function toJsonSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(toJsonSchema);
  if (!node || typeof node !== 'object') return node;
  const { nullable, ...rest } = node as Schema;
  const converted: Schema = {};
  for (const [key, value] of Object.entries(rest)) {
    converted[key] = key === '$ref' && typeof value === 'string' && value.startsWith('#/components/') ? `${SCHEMAS_ID}${value}` : toJsonSchema(value);
  }
  return nullable === true ? { anyOf: [converted, { type: 'null' }] } : converted;
}
