// Writes the gateway's rate-limit headers into the generated OpenAPI document
// (run by gen-openapi.sh; tsoa cannot declare a header once for every answer).
// Every operation is rate limited (libs/services/gateway/src/app/rate-limit.middleware.ts):
// its answers carry RateLimit-Limit, RateLimit-Remaining and RateLimit-Reset
// (draft-ietf-httpapi-ratelimit-headers-06/07), and every 429 a Retry-After.
import fs from 'node:fs';
const file = process.argv[2];
const doc = JSON.parse(fs.readFileSync(file, 'utf8'));
const HEADERS = {
  'RateLimit-Limit': {
    description: 'Requests the rate-limit policy closest to refusing allows in its window (the per-address, per-credential or sign-in policy)',
    schema: { type: 'integer', format: 'int32', minimum: 1 },
  },
  'RateLimit-Remaining': { description: 'Requests left in that policy\'s current window', schema: { type: 'integer', format: 'int32', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until that policy\'s current window ends', schema: { type: 'integer', format: 'int32', minimum: 0 } },
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', format: 'int32', minimum: 1 } },
};
doc.components.headers = { ...doc.components.headers, ...HEADERS };
const ref = (name) => ({ $ref: `#/components/headers/${name}` });
for (const operations of Object.values(doc.paths)) {
  for (const operation of Object.values(operations)) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      const headers = { ...response.headers };
      for (const name of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']) headers[name] ??= ref(name);
      if (status === '429') headers['Retry-After'] ??= ref('Retry-After');
      response.headers = Object.fromEntries(Object.entries(headers).sort(([a], [b]) => a.localeCompare(b)));
    }
  }
}
fs.writeFileSync(file, JSON.stringify(doc, null, '\t'));
