import { SandboxClock } from '@mp/clock';
import type { ServiceClients } from '@mp/service-host';
import { createLogger, initTelemetry } from '@mp/telemetry';
import { Agent, request } from 'node:http';
import type { GatewayConfig } from './gateway-config';
import { startGateway, type RunningGateway } from './start-gateway';

const config = {
  PORT: 0,
  PUBLIC_BASE_URL: 'https://api.example.test',
  RATE_LIMIT_PER_IP_PER_MINUTE: 1000,
  RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: 1000,
  SIGN_IN_LIMIT_PER_IP_PER_MINUTE: 1000,
  SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE: 1000,
  SANDBOX: false,
} as GatewayConfig;

/** Readiness asks identity for its signing keys: the test decides when identity answers. */
let releaseIdentity: () => void = () => undefined;
let identityAsked: () => void = () => undefined;
/** Resolves once a request has reached identity (however slow the machine). */
const reachingIdentity = () => new Promise<void>((resolve) => (identityAsked = resolve));
const clients = {
  identity: {
    getSigningKeys: () =>
      new Promise((resolve) => {
        releaseIdentity = () => resolve({ jwksJson: JSON.stringify({ keys: [] }) });
        identityAsked();
      }),
  },
} as unknown as ServiceClients;

function get(port: number, path: string, agent: Agent): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

let gateway: RunningGateway | undefined;
beforeAll(() => initTelemetry());
afterEach(async () => {
  releaseIdentity();
  await gateway?.stop();
});

describe('a gateway stopping for a rollout (issue 14 point 8)', () => {
  it('answers the request in flight (readiness 503, connection closed), refuses new connections and then stops', async () => {
    gateway = await startGateway({ config, clients, clock: new SandboxClock(), logger: createLogger('silent', {}), host: '127.0.0.1' });
    const port = gateway.port;
    const agent = new Agent({ keepAlive: true });
    const reached = reachingIdentity();
    const inFlight = get(port, '/readyz', agent);
    await reached; // the request is in flight

    let stopped = false;
    const stopping = gateway.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stopped).toBe(false); // waits for the request in flight
    await expect(get(port, '/healthz', new Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    releaseIdentity();
    expect(await inFlight).toEqual({ status: 503, connection: 'close', body: JSON.stringify({ status: 'unavailable' }) });
    await stopping;
    expect(stopped).toBe(true);
    gateway = undefined;
    agent.destroy();
  });

  it('cuts a request still unanswered after its drain time', async () => {
    gateway = await startGateway({ config, clients, clock: new SandboxClock(), logger: createLogger('silent', {}), host: '127.0.0.1', drainMs: 200 });
    const reached = reachingIdentity();
    const inFlight = get(gateway.port, '/readyz', new Agent());
    await reached;
    const started = Date.now();
    await gateway.stop();
    gateway = undefined;
    expect(Date.now() - started).toBeLessThan(2_000);
    await expect(inFlight).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});
