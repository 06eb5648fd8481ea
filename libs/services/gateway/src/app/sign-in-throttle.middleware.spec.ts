import { SandboxClock } from '@mp/clock';
import type { ServiceClients } from '@mp/service-host';
import { createLogger, initTelemetry } from '@mp/telemetry';
import { createServer, type Server } from 'node:http';
import { AccessTokenVerifier } from '../auth/access-token-verifier';
import { CredentialResolver } from '../auth/credential-resolver';
import { MemoryRateLimitStore } from '../rate-limit/memory-rate-limit-store';
import type { RateLimitStore } from '../rate-limit/rate-limit-store';
import { createGatewayApp } from './create-gateway-app';
import type { GatewayDeps } from './gateway-deps';

const servers: Server[] = [];
let logins = 0;

async function gateway(rateLimits: RateLimitStore, clock = new SandboxClock()): Promise<string> {
  const clients = {
    identity: {
      login: async () => {
        logins += 1;
        return { accessToken: 'a', refreshToken: 'r', expiresIn: 900, tokenType: 'Bearer' };
      },
      getSigningKeys: async () => ({ jwksJson: JSON.stringify({ keys: [] }) }),
    },
  } as unknown as ServiceClients;
  const deps: GatewayDeps = {
    config: {
      PORT: 0,
      PUBLIC_BASE_URL: 'https://api.example.test',
      RATE_LIMIT_PER_IP_PER_MINUTE: 1000,
      RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: 1000,
      SIGN_IN_LIMIT_PER_IP_PER_MINUTE: 3,
      SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE: 2,
      SANDBOX: false,
    },
    clients,
    clock,
    logger: createLogger('silent'),
    rateLimits,
    credentials: new CredentialResolver(new AccessTokenVerifier(async () => ({ keys: [] }), clock), clients),
  };
  const server = createServer(createGatewayApp(deps));
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as { port: number }).port}`;
}

beforeAll(() => initTelemetry());
afterAll(() => Promise.all(servers.map((s) => new Promise((r) => s.close(r)))));

const login = (base: string, email: string) =>
  fetch(`${base}/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: 'pw' }) }).then(
    async (r) => ({ status: r.status, retryAfter: r.headers.get('retry-after'), body: (await r.json()) as Record<string, unknown> }),
  );

describe('sign-in throttle middleware', () => {
  it('answers 429 with Retry-After before the service is asked, and the windows follow the platform clock', async () => {
    const clock = new SandboxClock({ now: () => new Date('2026-01-01T00:00:00.000Z') });
    const base = await gateway(new MemoryRateLimitStore(), clock);
    logins = 0;
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await login(base, 'Ann@x.test')).status);
    expect(statuses).toEqual([200, 200, 429]);
    expect(logins).toBe(2);
    const throttledIp = await login(base, 'other@x.test');
    expect(throttledIp).toMatchObject({ status: 429, retryAfter: '60', body: { code: 'IP_THROTTLED', retryAfterSeconds: 60 } });
    clock.advance(60);
    expect((await login(base, 'ann@x.test')).status).toBe(200);
  });

  it('lets sign-in through when the rate-limit store is down', async () => {
    const broken: RateLimitStore = { hit: () => Promise.reject(new Error('ECONNREFUSED')), ping: async () => undefined, close: async () => undefined };
    const base = await gateway(broken);
    expect((await login(base, 'ann@x.test')).status).toBe(200);
  });
});
