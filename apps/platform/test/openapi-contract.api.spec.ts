import { parse } from 'yaml';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';

let booted: BootedPlatform;

beforeAll(async () => {
  booted = await bootPlatform();
});
afterAll(() => booted.stop());

type Operation = { security?: Array<Record<string, string[]>>; responses: Record<string, unknown> };

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

  it('enforces what it annotates: secured operations answer 401 without credentials, anonymous ones do not', async () => {
    const doc = (await booted.api.get('/openapi/public.json')).body;
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const concrete = path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await booted.api.request(method.toUpperCase(), concrete, { body: method === 'get' || method === 'delete' ? undefined : {} });
        const secured = (op.security ?? []).length > 0;
        expect({ op: `${method} ${path}`, status: res.status === 401 }).toEqual({ op: `${method} ${path}`, status: secured });
      }
    }
  });
});
