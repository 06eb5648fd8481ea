#!/usr/bin/env bash
# Generates the gateway's express routes and the OpenAPI document from the
# tsoa controllers (one source for both).
set -euo pipefail
cd "$(dirname "$0")/../../libs/services/gateway"
../../../node_modules/.bin/tsoa spec-and-routes

# What tsoa 6 cannot say, written into the generated document (still
# generated: `npm run verify:generated` reruns this step):
# - every error is sent as application/problem+json (spec 2.8), but tsoa
#   documents a class-level @Response only as application/json;
# - a nullable reference (`allOf: [$ref]`, `nullable: true`) is read by a
#   strict OpenAPI 3.0 validator (Stoplight Prism, ajv's OAS 3.0 mode) as
#   "never null": `nullable` does not reach into the `$ref`, whose schema
#   refuses null. The referenced schema is written in place instead, with
#   `nullable: true` (and `null` among an enum's values, as OpenAPI 3.0.3
#   asks), so the nulls the server sends are valid;
# - tsoa keeps the models of hidden routes (health, provider callbacks), which
#   no public operation uses: they are dropped;
# - before any controller runs, tsoa answers 400 VALIDATION_FAILED to a
#   parameter or body that breaks its schema and the JSON body parser 413 and
#   415, so every operation with parameters or a JSON body documents them;
# - any operation answers 503 EXTERNAL_SERVICE_ERROR with `Retry-After` while
#   a dependency it needs (the database, a service) is unavailable, and 504
#   TIMEOUT when a service it calls does not answer within the call's deadline
#   (Stoplight Prism's proxy found these undocumented on a busy machine);
# - a streamed body (a Readable) is documented as base64 (`format: byte`), but
#   the CSV exports send the text itself.
node - src/generated/openapi.json <<'EOF'
const fs = require('fs');
const file = process.argv[2];
const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
const PROBLEM = '#/components/schemas/Problem';
const INPUT_PROBLEMS = { 400: 'VALIDATION_FAILED: a parameter or the body breaks its schema' };
const BODY_PROBLEMS = {
  413: 'PAYLOAD_TOO_LARGE: the body is larger than 1 MiB',
  415: 'UNSUPPORTED_MEDIA_TYPE: the body is not UTF-8 application/json',
};
const UNAVAILABLE = {
  description: 'EXTERNAL_SERVICE_ERROR: a dependency (the database, a service) is unavailable; nothing was done, retry after Retry-After',
  headers: { 'Retry-After': { $ref: '#/components/headers/Retry-After' } }, // written by openapi-rate-limit-headers.mjs
  content: { 'application/json': { schema: { $ref: PROBLEM } } },
};
const TIMED_OUT = {
  description: 'TIMEOUT: a service the operation needs did not answer in time; what it did is unknown, so retry only what is safe to repeat (a send with the same Idempotency-Key)',
  content: { 'application/json': { schema: { $ref: PROBLEM } } },
};
for (const operations of Object.values(doc.paths)) {
  for (const operation of Object.values(operations)) {
    const problems = {
      ...((operation.parameters ?? []).length > 0 || operation.requestBody ? INPUT_PROBLEMS : {}),
      ...(operation.requestBody?.content?.['application/json'] ? BODY_PROBLEMS : {}),
    };
    for (const [status, description] of Object.entries(problems)) {
      operation.responses[status] ??= { description, content: { 'application/json': { schema: { $ref: PROBLEM } } } };
    }
    operation.responses[503] ??= structuredClone(UNAVAILABLE);
    operation.responses[504] ??= structuredClone(TIMED_OUT);
    operation.responses = Object.fromEntries(Object.entries(operation.responses).sort(([a], [b]) => a.localeCompare(b)));
    for (const response of Object.values(operation.responses ?? {})) {
      const json = response.content?.['application/json'];
      if (json?.schema?.$ref === PROBLEM) response.content = { 'application/problem+json': json };
      const csv = response.content?.['text/csv'];
      if (csv?.schema?.format === 'byte') delete csv.schema.format;
    }
  }
}
const schemaOf = (ref) => doc.components.schemas[ref.replace('#/components/schemas/', '')];
const inlineNullableRefs = (node) => {
  if (!node || typeof node !== 'object') return;
  if (node.nullable === true && node.allOf?.length === 1 && node.allOf[0].$ref) {
    const { allOf, type, ...siblings } = node;
    const referenced = structuredClone(schemaOf(allOf[0].$ref));
    for (const key of Object.keys(node)) delete node[key];
    Object.assign(node, referenced, siblings, { nullable: true });
    if (Array.isArray(node.enum) && !node.enum.includes(null)) node.enum.push(null);
  }
  Object.values(node).forEach(inlineNullableRefs);
};
inlineNullableRefs(doc);
const used = new Set();
const collect = (node) => {
  if (!node || typeof node !== 'object') return;
  const name = typeof node.$ref === 'string' ? node.$ref.replace('#/components/schemas/', '') : undefined;
  if (name && !used.has(name)) {
    used.add(name);
    collect(doc.components.schemas[name]);
  }
  Object.values(node).forEach(collect);
};
collect(doc.paths);
for (const name of Object.keys(doc.components.schemas)) if (!used.has(name)) delete doc.components.schemas[name];
fs.writeFileSync(file, JSON.stringify(doc, null, '\t'));
EOF
# The rate-limit headers of every answer and the Retry-After of every 429.
node ../../../tools/scripts/openapi-rate-limit-headers.mjs src/generated/openapi.json
