/**
 * Breaking changes between two OpenAPI 3.0 documents, from a client's side
 * (spec 9.3): what a client built on the released document relies on and the
 * current one no longer promises. Each finding has a stable identifier, which
 * the changelog's Unreleased section records to accept it (changelog.ts).
 * Additions (paths, optional fields, statuses, response enum values) are not findings.
 */
export interface Finding {
  /** Stable: `<kind> <METHOD> <path> [<status>] [<where>]`, e.g. `removed-operation DELETE /v1/x`. */
  id: string;
  /** What changed, for a person. */
  detail: string;
}

/** The parts of OpenAPI's schema, parameter, body and response objects the comparison reads. */
interface Schema {
  $ref?: string;
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, Schema>;
  /** Names of required properties (a schema), or whether it is required (a parameter, a body). */
  required?: string[] | boolean;
  items?: Schema;
  allOf?: Schema[];
  additionalProperties?: boolean | Schema;
  in?: string;
  name?: string;
  schema?: Schema;
  content?: Record<string, Schema>;
  [keyword: string]: unknown;
}

const requiredNames = (schema: Schema): string[] => (Array.isArray(schema.required) ? schema.required : []);
interface Operation {
  parameters?: Schema[];
  requestBody?: Schema;
  responses?: Record<string, Schema>;
  security?: Record<string, string[]>[];
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema>; [kind: string]: Record<string, Schema> | undefined };
  security?: Record<string, string[]>[];
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** Follows local `$ref`s (`#/components/...`) to the object they name. */
export function resolve(doc: OpenApiDocument, node: Schema | undefined): Schema | undefined {
  let current = node;
  for (let hops = 0; current?.$ref && hops < 32; hops++) {
    const ref: string = current.$ref;
    current = ref
      .replace(/^#\//, '')
      .split('/')
      .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], doc) as Schema | undefined;
  }
  return current;
}

/** A schema with its `allOf` members folded in (properties, required, type, enum), the way a client sees one object. */
function effective(doc: OpenApiDocument, node: Schema | undefined, depth = 0): Schema | undefined {
  const schema = resolve(doc, node);
  if (!schema?.allOf || depth > 16) return schema;
  const properties: Record<string, Schema> = { ...schema.properties };
  const required = [...requiredNames(schema)];
  const merged: Schema = { ...schema, allOf: undefined, properties, required };
  for (const member of schema.allOf) {
    const part = effective(doc, member, depth + 1) ?? {};
    Object.assign(properties, part.properties);
    required.push(...requiredNames(part));
    merged.type ??= part.type;
    merged.enum ??= part.enum;
    merged.items ??= part.items;
  }
  return merged;
}

type Side = 'request' | 'response';

interface Walk {
  before: OpenApiDocument;
  after: OpenApiDocument;
  findings: Finding[];
  /** `METHOD path [status]`, the start of every identifier found below. */
  at: string;
  side: Side;
  /** Pairs of named schemas being compared on the way down to here (recursive schemas). */
  seen: Set<string>;
}

const refName = (node: Schema | undefined) => (typeof node?.$ref === 'string' ? node.$ref : '');

function compareSchemas(walk: Walk, beforeNode: Schema | undefined, afterNode: Schema | undefined, where: string): void {
  // A named schema met again inside itself (a recursive schema) was compared one level up.
  const pair = refName(beforeNode) && refName(afterNode) ? `${refName(beforeNode)}|${refName(afterNode)}` : '';
  if (pair) {
    if (walk.seen.has(pair)) return;
    walk.seen.add(pair);
  }
  try {
    compareResolved(walk, beforeNode, afterNode, where);
  } finally {
    if (pair) walk.seen.delete(pair);
  }
}

function compareResolved(walk: Walk, beforeNode: Schema | undefined, afterNode: Schema | undefined, where: string): void {
  const before = effective(walk.before, beforeNode);
  const after = effective(walk.after, afterNode);
  if (!before || !after) return;
  const add = (kind: string, detail: string) => walk.findings.push({ id: `${kind} ${walk.at} ${where}`, detail });

  const typeBefore = before.type;
  const typeAfter = after.type;
  if (typeBefore && typeAfter && typeBefore !== typeAfter) {
    // A response number that became an integer, or a request integer that became a number, still fits every client.
    const widening = walk.side === 'response' ? typeBefore === 'number' && typeAfter === 'integer' : typeBefore === 'integer' && typeAfter === 'number';
    if (!widening) add(`changed-${walk.side}-type`, `${typeBefore} became ${typeAfter}`);
  }
  if (walk.side === 'response' && !before.nullable && after.nullable) add('changed-response-type', 'may now be null');
  if (walk.side === 'request' && before.nullable && !after.nullable) add('changed-request-type', 'may no longer be null');

  if (walk.side === 'request' && Array.isArray(after.enum)) {
    const allowed = new Set(after.enum);
    if (!Array.isArray(before.enum)) add('narrowed-request-enum', `now only ${after.enum.join(', ')}`);
    else {
      const dropped = before.enum.filter((value) => !allowed.has(value));
      if (dropped.length > 0) add('narrowed-request-enum', `no longer accepts ${dropped.join(', ')}`);
    }
  }

  if (walk.side === 'request') {
    // A tighter bound refuses values a client may send today: a new or lower maximum, a new or higher minimum.
    const narrowed = [
      ...(['maxLength', 'maxItems', 'maximum'] as const).filter((bound) => typeof after[bound] === 'number' && !(typeof before[bound] === 'number' && before[bound] <= after[bound])),
      ...(['minLength', 'minItems', 'minimum'] as const).filter((bound) => typeof after[bound] === 'number' && !(typeof before[bound] === 'number' && before[bound] >= after[bound])),
    ];
    if (narrowed.length > 0) add('narrowed-request-bound', narrowed.map((bound) => `${bound} ${before[bound] ?? 'none'} -> ${after[bound]}`).join(', '));
  }

  const propsBefore: Record<string, Schema> = before.properties ?? {};
  const propsAfter: Record<string, Schema> = after.properties ?? {};
  const requiredBefore = new Set<string>(requiredNames(before));
  for (const [name, schema] of Object.entries(propsBefore)) {
    const path = where === '' ? name : `${where}.${name}`;
    if (!(name in propsAfter)) {
      // In a request too: a closed object refuses it, an open one drops what the client meant by it.
      walk.findings.push({ id: `removed-${walk.side}-property ${walk.at} ${path}`, detail: `${name} is gone` });
      continue;
    }
    compareSchemas(walk, schema, propsAfter[name], path);
  }
  if (walk.side === 'request') {
    for (const name of requiredNames(after)) {
      if (!requiredBefore.has(name)) walk.findings.push({ id: `new-required-request-property ${walk.at} ${where === '' ? name : `${where}.${name}`}`, detail: `${name} is now required` });
    }
  }
  if (before.items && after.items) compareSchemas(walk, before.items, after.items, `${where}[]`);
  if (before.additionalProperties && typeof before.additionalProperties === 'object' && typeof after.additionalProperties === 'object') {
    compareSchemas(walk, before.additionalProperties, after.additionalProperties, `${where}{}`);
  }
}

/** The ways a call may be authenticated, one string per alternative (`anonymous`, `bearer`, `apiKey(SendMessages)`). */
function securityAlternatives(doc: OpenApiDocument, operation: Operation): string[] {
  const requirements = operation.security ?? doc.security ?? [];
  if (requirements.length === 0) return ['anonymous'];
  return requirements.map((requirement) => {
    const schemes = Object.entries(requirement).map(([name, scopes]) => (scopes.length ? `${name}(${[...scopes].sort().join(',')})` : name));
    return schemes.length === 0 ? 'anonymous' : schemes.sort().join('+');
  });
}

function compareParameters(before: OpenApiDocument, after: OpenApiDocument, at: string, opBefore: Operation, opAfter: Operation, findings: Finding[]) {
  const byKey = (doc: OpenApiDocument, op: Operation) =>
    new Map((op.parameters ?? []).map((p) => resolve(doc, p)!).map((p) => [`${p.in}.${p.in === 'header' ? String(p.name).toLowerCase() : p.name}`, p]));
  const paramsBefore = byKey(before, opBefore);
  const paramsAfter = byKey(after, opAfter);
  for (const [key, param] of paramsAfter) {
    const old = paramsBefore.get(key);
    if (param.required && !old?.required) findings.push({ id: `new-required-parameter ${at} ${key}`, detail: old ? `${key} became required` : `${key} is new and required` });
    if (old) compareSchemas({ before, after, findings, at, side: 'request', seen: new Set() }, old.schema, param.schema, key);
  }
  for (const key of paramsBefore.keys()) {
    if (!paramsAfter.has(key) && !key.startsWith('path.')) findings.push({ id: `removed-parameter ${at} ${key}`, detail: `${key} is no longer accepted` });
  }
}

function compareRequestBodies(before: OpenApiDocument, after: OpenApiDocument, at: string, opBefore: Operation, opAfter: Operation, findings: Finding[]) {
  const bodyBefore = resolve(before, opBefore.requestBody);
  const bodyAfter = resolve(after, opAfter.requestBody);
  if (!bodyAfter) return;
  if (bodyAfter.required && !bodyBefore?.required) findings.push({ id: `request-body-became-required ${at}`, detail: 'a body is now required' });
  for (const [mediaType, content] of Object.entries<Schema>(bodyBefore?.content ?? {})) {
    const now = bodyAfter.content?.[mediaType];
    if (!now) {
      findings.push({ id: `removed-request-media-type ${at} ${mediaType}`, detail: `${mediaType} bodies are no longer accepted` });
      continue;
    }
    compareSchemas({ before, after, findings, at, side: 'request', seen: new Set() }, content.schema, now.schema, 'body');
  }
}

function compareResponses(before: OpenApiDocument, after: OpenApiDocument, at: string, opBefore: Operation, opAfter: Operation, findings: Finding[]) {
  for (const [status, responseRef] of Object.entries(opBefore.responses ?? {})) {
    const responseAfterRef = opAfter.responses?.[status];
    if (!responseAfterRef) {
      findings.push({ id: `removed-response-status ${at} ${status}`, detail: `status ${status} is no longer documented` });
      continue;
    }
    const response = resolve(before, responseRef)!;
    const responseAfter = resolve(after, responseAfterRef)!;
    const success = /^2/.test(status);
    for (const [mediaType, content] of Object.entries<Schema>(response.content ?? {})) {
      const now = responseAfter.content?.[mediaType];
      if (!now) {
        // An error's media type is read by its status; a success body's media type is what a client parses.
        if (success) findings.push({ id: `removed-response-media-type ${at} ${status} ${mediaType}`, detail: `${mediaType} is no longer answered` });
        continue;
      }
      compareSchemas({ before, after, findings, at: `${at} ${status}`, side: 'response', seen: new Set() }, content.schema, now.schema, 'body');
    }
  }
}

export function breakingChanges(before: OpenApiDocument, after: OpenApiDocument): Finding[] {
  const findings: Finding[] = [];
  for (const [path, itemBefore] of Object.entries(before.paths ?? {})) {
    const itemAfter = after.paths?.[path];
    if (!itemAfter) {
      findings.push({ id: `removed-path ${path}`, detail: `${path} is gone` });
      continue;
    }
    for (const method of METHODS) {
      const opBefore = itemBefore[method];
      if (!opBefore) continue;
      const at = `${method.toUpperCase()} ${path}`;
      const opAfter = itemAfter[method];
      if (!opAfter) {
        findings.push({ id: `removed-operation ${at}`, detail: `${at} is gone` });
        continue;
      }
      const alternatives = new Set(securityAlternatives(after, opAfter));
      for (const alternative of securityAlternatives(before, opBefore)) {
        if (!alternatives.has(alternative)) findings.push({ id: `removed-security ${at} ${alternative}`, detail: `${alternative} no longer authenticates it` });
      }
      compareParameters(before, after, at, opBefore, opAfter, findings);
      compareRequestBodies(before, after, at, opBefore, opAfter, findings);
      compareResponses(before, after, at, opBefore, opAfter, findings);
    }
  }
  // One identifier per change, even where two routes to it were walked.
  return [...new Map(findings.map((f) => [f.id, f])).values()];
}
