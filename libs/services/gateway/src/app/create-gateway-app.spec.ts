import { SandboxClock } from '@mp/clock';
import { DomainError } from '@mp/problems';
import type { ServiceClients } from '@mp/service-host';
import { createLogger, initTelemetry } from '@mp/telemetry';
import { createServer, type Server } from 'node:http';
import { AccessTokenVerifier } from '../auth/access-token-verifier';
import { CredentialResolver } from '../auth/credential-resolver';
import { MemoryRateLimitStore } from '../rate-limit/memory-rate-limit-store';
import { createGatewayApp } from './create-gateway-app';
import type { GatewayDeps } from './gateway-deps';

const logs: string[] = [];
let server: Server;
let base: string;
let registerImpl: () => Promise<unknown>;

beforeAll(async () => {
  initTelemetry();
  // The identity contract as the gateway sees it; each test decides its answer.
  const clients = {
    identity: {
      register: () => registerImpl(),
      authenticateApiKey: async ({ key }: { key: string }) => {
        if (key === 'good') return { kind: 'api_key', accountId: 'a1', apiKeyId: 'k1', rights: ['ReadMessages'] };
        throw new DomainError('API_KEY_INVALID', 'Unknown API key.');
      },
      getSigningKeys: async () => ({ jwksJson: JSON.stringify({ keys: [] }) }),
    },
  } as unknown as ServiceClients;
  const clock = new SandboxClock();
  const deps: GatewayDeps = {
    config: {
      PORT: 0,
      PUBLIC_BASE_URL: 'https://api.example.test',
      RATE_LIMIT_PER_IP_PER_MINUTE: 1000,
      RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: 1000,
      SIGN_IN_LIMIT_PER_IP_PER_MINUTE: 1000,
      SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE: 1000,
      SANDBOX: false,
    },
    clients,
    clock,
    logger: createLogger('error', {}, (l) => logs.push(l)),
    rateLimits: new MemoryRateLimitStore(),
    credentials: new CredentialResolver(new AccessTokenVerifier(async () => ({ keys: [] }), clock), clients),
  };
  server = createServer(createGatewayApp(deps));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});

afterAll(() => new Promise((r) => server.close(r)));

const post = (path: string, body: string | undefined, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
  fetch(base + path, { method: 'POST', body, headers }).then(async (r) => ({ status: r.status, headers: r.headers, body: (await r.json()) as any }));

describe('gateway edge', () => {
  it('turns an unexpected error into a 500 problem without leaking it, and logs it', async () => {
    registerImpl = async () => {
      throw new Error('duplicate key value violates unique constraint "users_email_key" at /srv/app/repo.ts:12');
    };
    const res = await post('/v1/register', JSON.stringify({ email: 'a@b.co', password: 'password123', organizationName: 'x' }));
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ code: 'INTERNAL_ERROR', status: 500, type: 'https://api.example.test/problems/internal-error' });
    expect(JSON.stringify(res.body)).not.toMatch(/duplicate|users_email_key|repo\.ts/);
    expect(res.headers.get('x-trace-id')).toBe(res.body.traceId);
    expect(logs.join('\n')).toContain('users_email_key');
  });

  it('passes a domain error from a service through with its status and extensions', async () => {
    registerImpl = async () => {
      throw new DomainError('QUOTA_EXCEEDED', 'Used up.', { dailyRemaining: 0, monthlyRemaining: 3, retryAfterSeconds: 42 });
    };
    const res = await post('/v1/register', JSON.stringify({ email: 'a@b.co', password: 'password123', organizationName: 'x' }));
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ code: 'QUOTA_EXCEEDED', dailyRemaining: 0, monthlyRemaining: 3, retryAfterSeconds: 42 });
    expect(res.headers.get('retry-after')).toBe('42');
  });

  it.each([
    ['missing body', undefined, 400, 'BODY_REQUIRED'],
    ['invalid JSON', '{"email":', 400, 'INVALID_JSON'],
    ['a JSON array', '[]', 400, 'VALIDATION_FAILED'],
    ['a JSON string', '"x"', 400, 'VALIDATION_FAILED'],
    ['null', 'null', 400, 'VALIDATION_FAILED'],
  ])('answers %s with %s %s', async (_what, body, status, code) => {
    registerImpl = async () => ({ accountId: 'a', userId: 'u', status: 'pending' });
    const res = await post('/v1/register', body as string | undefined);
    expect(res.status).toBe(status);
    expect(res.body.code).toBe(code);
  });

  it('names wrongly typed and unknown fields', async () => {
    const res = await post('/v1/register', JSON.stringify({ email: 5, password: 'password123', organizationName: 'x', extra: true }));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.errors).sort()).toEqual(['email', 'extra']);
  });

  it('authenticates API keys and reports their failures', async () => {
    const bad = await fetch(`${base}/v1/accounts/a1`, { headers: { 'x-api-key': 'bad' } });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as any).code).toBe('API_KEY_INVALID');
    const noCredentials = await fetch(`${base}/v1/accounts/a1`);
    expect(noCredentials.status).toBe(401);
    expect((await noCredentials.json()) as any).toMatchObject({ code: 'UNAUTHORIZED', authScheme: 'Bearer' });
  });

  it('hides the sandbox routes when the sandbox is off', async () => {
    const res = await fetch(`${base}/v1/sandbox/clock`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as any).code).toBe('NOT_FOUND');
  });
});

describe('hostile input is refused at the edge, before any service is called', () => {
  let called = 0;
  beforeEach(() => {
    called = 0;
    registerImpl = async () => {
      called += 1;
      return { accountId: 'a', userId: 'u', status: 'pending' };
    };
  });
  const register = (fields: Record<string, unknown>) =>
    post('/v1/register', JSON.stringify({ email: 'a@b.co', password: 'password123', organizationName: 'x', ...fields }));

  it.each([
    ['a NUL', 'Acme\u0000Corp'],
    ['a lone high surrogate', 'Acme\ud800'],
    ['a lone low surrogate', '\udc00Acme'],
  ])('%s in a field: 400 VALIDATION_FAILED naming it', async (_what, organizationName) => {
    const res = await register({ organizationName });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { organizationName: ['must not contain NUL or unpaired surrogate characters'] } });
    expect(called).toBe(0);
  });

  it('keeps a paired surrogate (an emoji) as ordinary text', async () => {
    expect((await register({ organizationName: 'Acme 😀' })).status).toBe(201);
    expect(called).toBe(1);
  });

  it('a string over its published maxLength: 400 naming it, in words', async () => {
    const res = await register({ organizationName: 'o'.repeat(100_000) });
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: { organizationName: ['must be at most 200 characters'] } });
    expect(called).toBe(0);
  });

  it('JSON nested thousands deep: 400, not a stack overflow', async () => {
    const res = await post('/v1/register', '['.repeat(5_000) + ']'.repeat(5_000));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
  });

  it('a path segment that is not UTF-8 once decoded, or decodes to NUL: 400 naming the parameter', async () => {
    for (const id of ['%ED%A0%80', 'a%00b', '%FF']) {
      const res = await fetch(`${base}/v1/accounts/${id}`).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
      expect({ id, status: res.status, errors: res.body.errors }).toEqual({ id, status: 400, errors: { accountId: ['must not contain NUL or unpaired surrogate characters'] } });
    }
  });

  it('never repeats unbounded input: unknown field names and unknown paths are cut', async () => {
    const unknown = await register({ ['k'.repeat(10_000)]: 1 });
    expect(unknown.status).toBe(400);
    expect(JSON.stringify(unknown.body).length).toBeLessThan(1_000);
    const longPath = `/v1/${'p'.repeat(10_000)}`;
    const missing = await fetch(base + longPath).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    expect(missing.status).toBe(404);
    expect(JSON.stringify(missing.body).length).toBeLessThan(2_000);
  });
});
