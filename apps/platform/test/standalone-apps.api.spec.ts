import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { GATEWAY_APP, SERVICE_REGISTRY } from '@mp/service-host';
import { startApp, runToExit, type RunningApp } from './distributed/app-process';
import { documentedEnv, infrastructure, ownPorts, portShift, type Infrastructure } from './distributed/documented-env';
import { ApiClient } from './support/api-client';
import { sandboxNumber, signUp, waitForStatus } from './support/journeys';

// Issue 8 point 7: every app as its own process, from exactly the documented
// environment (deploy/local.env, DEVELOPMENT.md "One app from a checkout"),
// carries the README journey to `delivered`; its SMS over SMPP to the
// simulator's SMSC (issue 28 point 6: the distributed set carries the connection).

const SERVICES = SERVICE_REGISTRY.map((s) => s.name);
const apps: RunningApp[] = [];
let infra: Infrastructure | string;

beforeAll(async () => {
  infra = await infrastructure();
  if (typeof infra === 'string') console.warn(`standalone-apps: the distributed journey is skipped: ${infra}. It runs with DATABASE_URL and KAFKA_BROKERS set (as .ci/run does), or with kcat and a local PostgreSQL.`);
});

afterAll(async () => {
  for (const app of apps) app.child.kill('SIGTERM');
  await Promise.all(apps.map((a) => a.exited));
  if (typeof infra !== 'string') await infra.release();
});

async function expectHealthy(app: RunningApp) {
  for (const probe of ['healthz', 'readyz']) {
    const res = await fetch(`http://127.0.0.1:${app.ports.httpPort ?? app.ports.port}/${probe}`);
    expect({ app: app.name, probe, status: res.status }).toEqual({ app: app.name, probe, status: 200 });
  }
}

describe('a service given neither DATABASE_URL nor KAFKA_BROKERS', () => {
  it('refuses to start, saying why, unless EMBEDDED=true', async () => {
    const refused = await runToExit('tendlc', { GRPC_PORT: '0', HTTP_PORT: '0', LOG_LEVEL: 'error', ...documentedKeysOnly() });
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('tendlc: neither DATABASE_URL nor KAFKA_BROKERS is set');
    expect(refused.output).toContain('EMBEDDED=true');
  });
});

describe('the distributed set from deploy/local.env', () => {
  it('every app starts as its own process; with PostgreSQL and Kafka the README journey reaches delivered', async () => {
    if (typeof infra === 'string') return embeddedBootOnly();
    const shift = await portShift();
    const env = documentedEnv(infra, shift);
    // Messaging's connections follow the SMSC and the Cloud API fake wherever the harness moved them.
    expect(JSON.parse(env.CARRIER_CONNECTIONS)).toEqual([
      expect.objectContaining({ protocol: 'smpp', port: Number(env.SMSC_PORT) }),
      expect.objectContaining({ protocol: 'whatsapp-cloud', baseUrl: `http://localhost:${env.SIM_HTTP_PORT}` }),
    ]);
    const started = Date.now();
    // The gateway first (the simulator posts receipts to it, the mailbox goes through it); all boot side by side.
    const booting = [GATEWAY_APP.name, ...SERVICES].map((name) => startApp(name, { ...env, ...ownPorts(name, shift) }));
    const settled = await Promise.allSettled(booting);
    for (const s of settled) if (s.status === 'fulfilled') apps.push(s.value);
    const failed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
    if (failed) throw failed.reason;
    console.log(`standalone-apps: ${apps.length} apps booted in ${Date.now() - started} ms on ${infra.describe}${shift ? ` (ports moved by ${shift})` : ''}`);
    for (const app of apps) await expectHealthy(app);

    const gateway = apps.find((a) => a.name === GATEWAY_APP.name)!;
    const api = new ApiClient(`http://127.0.0.1:${gateway.ports.port}`);
    const user = await signUp(api, 'distributed'); // register, token from the sandbox mailbox, verify, login
    const from = await sandboxNumber(api, user.accessToken);
    const sent = await api.post(`/v1/accounts/${user.accountId}/messages`, {
      token: user.accessToken,
      body: { destination: '+14155550123', body: 'Hello from the distributed set' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body.status).toBe('queued');
    const delivered = await waitForStatus(api, user, sent.body.messageId, ['delivered']);
    expect(delivered.body.channelHistory[0]).toMatchObject({ channelType: 'Sms', fromAddress: from, status: 'delivered' });
    // WhatsApp over Meta's Cloud API to the simulator's fake; its signed status webhooks come back through the
    // gateway to provider-callback, which verifies them with the same connection's app secret.
    const whatsApp = await api.post(`/v1/accounts/${user.accountId}/messages`, {
      token: user.accessToken,
      body: { channelType: 'WhatsApp', destination: '+14155550124', body: 'Hello over WhatsApp', messageType: 'Transactional' },
    });
    expect(whatsApp.status).toBe(201);
    const read = await waitForStatus(api, user, whatsApp.body.messageId, ['delivered']);
    expect(read.body.channelHistory[0]).toMatchObject({ channelType: 'WhatsApp', status: 'delivered' });
    // Filed by the simulator's SMSC (a submit_sm), not its HTTP carrier API: messaging did not fall back to CARRIER_API_URL.
    const db = new Client({ connectionString: infra.DATABASE_URL });
    await db.connect();
    try {
      const filed = await db.query<{ protocol: string; n: number }>(
        "select protocol, count(*)::int as n from carrier_simulator.carrier_submissions where account_id = $1 and channel = 'Sms' group by protocol",
        [user.accountId],
      );
      expect(filed.rows).toEqual([{ protocol: 'smpp', n: 1 }]);
    } finally {
      await db.end();
    }

    // A graceful stop on SIGTERM.
    const identity = apps.find((a) => a.name === 'identity')!;
    identity.child.kill('SIGTERM');
    expect(await identity.exited).toBe(0);
  });
});

/** The call-token keys of deploy/local.env: every app needs them whatever its storage. */
function documentedKeysOnly(): Record<string, string> {
  const env = documentedEnv({ DATABASE_URL: '', KAFKA_BROKERS: '', describe: '', release: async () => {} }, 0);
  return Object.fromEntries(Object.entries(env).filter(([name]) => /_TOKEN_/.test(name)));
}

/** Without PostgreSQL and Kafka: each service on a private embedded store (EMBEDDED=true), a gateway reaching identity. */
async function embeddedBootOnly() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mp-standalone-'));
  try {
    const keys = documentedKeysOnly();
    const started = await Promise.all(
      SERVICES.map((name) => startApp(name, { ...keys, EMBEDDED: 'true', SANDBOX: 'true', LOG_LEVEL: 'info', DATA_DIR: join(dataDir, name), GRPC_PORT: '0', HTTP_PORT: '0' })),
    );
    apps.push(...started);
    for (const app of started) await expectHealthy(app);
    const identity = started.find((a) => a.name === 'identity')!;
    const gateway = await startApp('gateway', { ...keys, PORT: '0', SANDBOX: 'true', LOG_LEVEL: 'info', IDENTITY_GRPC_URL: `127.0.0.1:${identity.ports.grpcPort}` });
    apps.push(gateway);
    const reg = await new ApiClient(`http://127.0.0.1:${gateway.ports.port}`).post('/v1/register', {
      body: { email: `standalone-${Date.now()}@example.test`, password: 'long enough password', organizationName: 'Solo' },
    });
    expect(reg.status).toBe(201);
    identity.child.kill('SIGTERM');
    expect(await identity.exited).toBe(0);
  } finally {
    for (const app of apps.splice(0)) {
      app.child.kill('SIGTERM');
      await app.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}
