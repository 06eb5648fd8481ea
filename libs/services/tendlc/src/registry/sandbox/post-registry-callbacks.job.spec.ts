import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { SandboxClock } from '@mp/clock';
import type { DatabaseProvider } from '@mp/db';
import { createLogger } from '@mp/telemetry';
import type { Knex } from 'knex';
import { brandRow } from '../../testing/brand.factory';
import { openTestDatabase } from '../../testing/test-database';
import { PostRegistryCallbacksJob, retryDelaySeconds } from './post-registry-callbacks.job';
import { sandboxVerdict } from './sandbox-outcome.rules';
import { sandboxRegistry } from './sandbox-registry';

interface Received {
  path: string;
  body: string;
  signature: string;
}

const SECRET = 'sandbox-tcr-secret';
const clock = new SandboxClock();
let provider: DatabaseProvider;
let db: Knex;
let server: Server;
let baseUrl: string;
const received: Received[] = [];
let answer = 200;

beforeAll(async () => {
  ({ provider, db } = await openTestDatabase());
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body, signature: String(req.headers['x-signature'] ?? '') });
      res.statusCode = answer;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await provider.close();
});

async function registerBrand(displayName: string) {
  const row = brandRow({ account_id: randomUUID(), display_name: displayName, created_at: clock.now() });
  await db.transaction(async (trx) => {
    await trx('brands').insert({ ...row, request: JSON.stringify(row.request) });
    await sandboxRegistry.submit(trx, row, clock.now());
  });
  return row;
}

const job = (url: string | null = baseUrl) => new PostRegistryCallbacksJob(db, clock, { baseUrl: () => url ?? undefined, secret: SECRET }, createLogger('silent'));

describe('the sandbox registry', () => {
  it('answers by the display name: "unverified" ends UNVERIFIED, "vetted" VETTED_VERIFIED, any other VERIFIED', () => {
    expect(sandboxVerdict('Acme UNVERIFIED demo')).toBe('UNVERIFIED');
    expect(sandboxVerdict('Vetted Holdings')).toBe('VETTED_VERIFIED');
    expect(sandboxVerdict('Unverified but vetted')).toBe('UNVERIFIED');
    expect(sandboxVerdict('Acme Verified Co')).toBe('VERIFIED');
  });

  it('posts the verdict signed to {base}/v1/webhooks/tcr once 30 s have passed on the sandbox clock, once', async () => {
    const brand = await registerBrand('Acme Vetted Co');
    received.length = 0;
    clock.advance(29);
    expect(await job().runDue()).toBe(0);
    clock.advance(1);
    expect(await job().runDue()).toBe(1);
    expect(received).toHaveLength(1);
    const [post] = received;
    expect(post.path).toBe('/v1/webhooks/tcr');
    expect(post.signature).toBe(createHmac('sha256', SECRET).update(post.body).digest('hex'));
    expect(JSON.parse(post.body)).toMatchObject({ eventType: 'BRAND_IDENTITY_STATUS_UPDATE', brandReferenceId: brand.id, brandIdentityStatus: 'VETTED_VERIFIED', mock: true });
    expect(await db('sandbox_registry_callbacks').where('brand_id', brand.id).first()).toMatchObject({ attempts: 1, sent_at: expect.any(Date), last_error: null });
    expect(await job().runDue()).toBe(0);
  });

  it('retries a callback that was not answered 2xx with backoff, with the same bytes', async () => {
    const brand = await registerBrand('Retry Co');
    received.length = 0;
    clock.advance(30);
    answer = 503;
    expect(await job().runDue()).toBe(1);
    const row = await db('sandbox_registry_callbacks').where('brand_id', brand.id).first();
    expect(row).toMatchObject({ attempts: 1, sent_at: null, last_error: 'HTTP 503' });
    answer = 200;
    expect(await job().runDue()).toBe(0); // not due for another second
    clock.advance(1.1); // one second, spread up to 10% later
    expect(await job().runDue()).toBe(1);
    expect(received.map((r) => r.body)).toEqual([received[0].body, received[0].body]);
    expect(received[1].signature).toBe(received[0].signature);
  });

  it('waits while it does not know where to post', async () => {
    const brand = await registerBrand('Patient Co');
    clock.advance(30);
    expect(await job(null).runDue()).toBe(0);
    expect(await db('sandbox_registry_callbacks').where('brand_id', brand.id).first()).toMatchObject({ attempts: 0, sent_at: null });
    expect(await job().runDue()).toBe(1);
  });

  it('backs off 1, 2, 4... seconds up to 5 minutes', () => {
    expect([1, 2, 3, 4, 9, 10, 100].map((n) => retryDelaySeconds(n, () => 0))).toEqual([1, 2, 4, 8, 256, 300, 300]);
    const spread = Array.from({ length: 50 }, () => retryDelaySeconds(10));
    expect(new Set(spread).size).toBe(50);
    for (const delay of spread) expect(delay >= 300 && delay < 330).toBe(true);
  });
});
