import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startContractProxy, type ContractProxy, type RecordedViolations } from './contract-proxy';

// The proxy the Prism CI step puts in front of the platform (tools/scripts/check-contract-prism.sh): Prism's verdict on
// each answer is written down, a nullable reference as tsoa wrote it is flagged where the form the document now uses
// is not, and a signed provider callback goes around Prism with its bytes untouched.
const STATUS = { type: 'string', enum: ['queued', 'delivered'] };
const document = {
  openapi: '3.0.0',
  info: { title: 'proxy test', version: 'v1' },
  paths: {
    '/v1/as-tsoa-wrote-it': { get: { responses: { '200': { description: 'Ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/TsoaForm' } } } } } } },
    '/v1/as-published': { get: { responses: { '200': { description: 'Ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/PublishedForm' } } } } } } },
  },
  components: {
    schemas: {
      Status: STATUS,
      TsoaForm: { type: 'object', required: ['fromStatus'], properties: { fromStatus: { allOf: [{ $ref: '#/components/schemas/Status' }], nullable: true, type: 'string' } } },
      PublishedForm: { type: 'object', required: ['fromStatus'], properties: { fromStatus: { ...STATUS, enum: [...STATUS.enum, null], nullable: true } } },
    },
  },
};

let upstream: Server;
let proxy: ContractProxy;
let report: string;
const callbacks: string[] = [];

beforeAll(async () => {
  upstream = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/openapi/public.json') return void res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(document));
      if (req.url?.startsWith('/v1/webhooks/carriers/')) callbacks.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"fromStatus":null}');
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  report = join(mkdtempSync(join(tmpdir(), 'contract-proxy-test-')), 'answers.jsonl');
  proxy = await startContractProxy(`http://127.0.0.1:${(upstream.address() as { port: number }).port}`, report);
}, 180_000);

afterAll(async () => {
  await proxy?.stop();
  await new Promise((resolve) => upstream.close(resolve));
});

const recorded = (): RecordedViolations[] =>
  readFileSync(report, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line));

describe("the contract proxy in front of the platform (Stoplight Prism's validating proxy)", () => {
  it('records the null a nullable reference as tsoa wrote it refuses, and none for the form the document publishes', async () => {
    expect((await fetch(`${proxy.url}/v1/as-tsoa-wrote-it`)).status).toBe(200);
    expect((await fetch(`${proxy.url}/v1/as-published`)).status).toBe(200);
    const [tsoaForm, published] = recorded();
    expect(tsoaForm).toMatchObject({ method: 'GET', path: '/v1/as-tsoa-wrote-it', status: 200 });
    expect(tsoaForm.violations.some((v) => v.location.join('.') === 'response.body.fromStatus')).toBe(true);
    expect(published).toEqual({ method: 'GET', path: '/v1/as-published', status: 200, violations: [] });
  });

  it('sends a signed provider callback around Prism, its bytes as they were', async () => {
    const before = recorded().length;
    const raw = '{ "b":1,   "a":2 }';
    expect((await fetch(`${proxy.url}/v1/webhooks/carriers/sandbox/receipts`, { method: 'POST', body: raw, headers: { 'content-type': 'application/json' } })).status).toBe(200);
    expect(callbacks).toEqual([raw]);
    expect(recorded()).toHaveLength(before);
  });
});
