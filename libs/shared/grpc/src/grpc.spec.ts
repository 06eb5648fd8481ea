import { sandboxV1 } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import { createLogger, currentTraceId, initTelemetry, withSpan } from '@mp/telemetry';
import {
  ANONYMOUS_CALLER,
  CallTokenSigner,
  CallTokenVerifier,
  createClient,
  CUSTOMER,
  generateCallKeys,
  implementService,
  startGrpcServer,
  type AsyncClient,
  type RunningGrpcServer,
} from './index';

const def = sandboxV1.CarrierSimulatorServiceService;
let server: RunningGrpcServer;
let client: AsyncClient<typeof def>;
let signer: CallTokenSigner;
const seen: Array<{ principal?: unknown; traceId: string; deadline?: Date }> = [];
const errors: string[] = [];

beforeAll(async () => {
  initTelemetry();
  const logger = createLogger('error', {}, (l) => errors.push(l));
  const keys = await generateCallKeys();
  signer = await CallTokenSigner.fromJwk(keys.signingKey, 'gateway');
  server = await startGrpcServer({
    host: '127.0.0.1',
    port: 0,
    verifier: new CallTokenVerifier(keys, 'carrier-simulator'),
    services: [
      implementService(
        def,
        {
          async setCarrierBehavior(req, ctx) {
            seen.push({ principal: ctx.principal, traceId: currentTraceId(), deadline: ctx.deadline });
            return { accountId: req.accountId, destination: req.destination, outcome: req.outcome, afterSeconds: req.afterSeconds ?? 1 };
          },
          async listMailbox(req) {
            if (req.to === 'missing') throw new DomainError('QUOTA_EXCEEDED', 'Daily quota used up – again', { dailyRemaining: 0 });
            throw new Error('SELECT secret FROM users failed');
          },
          async getClock() {
            await new Promise((r) => setTimeout(r, 300));
            return { now: new Date().toISOString() };
          },
          async advanceClock() {
            return { now: new Date().toISOString() };
          },
          async simulateInbound() {
            throw new Error('not used here');
          },
        },
        logger,
        { setCarrierBehavior: CUSTOMER, listMailbox: ANONYMOUS_CALLER, getClock: ANONYMOUS_CALLER, advanceClock: CUSTOMER, simulateInbound: CUSTOMER },
      ),
    ],
  });
  client = createClient(def, `127.0.0.1:${server.port}`, { signer, audience: 'carrier-simulator' });
});

afterAll(async () => {
  client.close();
  await server.stop();
});

describe('gRPC helpers', () => {
  it('carries the principal, the trace and a deadline to the handler', async () => {
    const principal = { kind: 'user' as const, accountId: 'acc-1', userId: 'u-1', role: 'Admin' as const };
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const res = await withSpan('test', { traceparent }, () =>
      client.setCarrierBehavior({ accountId: 'a', destination: '+15550001111', outcome: 'delivered' }, { principal }),
    );
    expect(res).toEqual({ accountId: 'a', destination: '+15550001111', outcome: 'delivered', afterSeconds: 1 });
    expect(seen[0].principal).toEqual(principal);
    expect(seen[0].traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(seen[0].deadline!.getTime()).toBeGreaterThan(Date.now());
  });

  it('rebuilds a domain error on the client, non-ASCII detail and extensions included', async () => {
    const error = await client.listMailbox({ to: 'missing' }).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'QUOTA_EXCEEDED', status: 429, detail: 'Daily quota used up – again', extensions: { dailyRemaining: 0 } });
  });

  it('hides an unexpected error as INTERNAL_ERROR and logs it on the server', async () => {
    const error = await client.listMailbox({ to: 'boom' }).catch((e) => e);
    expect(error).toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(error.detail).not.toContain('SELECT');
    expect(errors.join('\n')).toContain('SELECT secret FROM users failed');
  });

  it('enforces the deadline as TIMEOUT', async () => {
    const error = await client.getClock({}, { deadlineMs: 50 }).catch((e) => e);
    expect(error).toMatchObject({ code: 'TIMEOUT', status: 504 });
  });

  it('maps an unreachable service to EXTERNAL_SERVICE_ERROR', async () => {
    const dead = createClient(def, '127.0.0.1:1', { signer, audience: 'carrier-simulator', deadlineMs: 2000 });
    const error = await dead.getClock({}).catch((e) => e);
    dead.close();
    expect(['EXTERNAL_SERVICE_ERROR', 'TIMEOUT']).toContain(error.code);
    // A caller answers it 503 with Retry-After (the gateway's problem handler sets the header from it).
    if (error.code === 'EXTERNAL_SERVICE_ERROR') expect(error.extensions).toEqual({ retryAfterSeconds: 2 });
  });
});
