import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { externalEnv } from './support/platform-fixture';

const ROOT = resolve(__dirname, '../../..');
const SERVICES = ['identity', 'messaging', 'replies', 'consent', 'routing', 'webhook-dispatcher', 'provider-callback', 'tendlc', 'carrier-simulator'];

interface RunningApp {
  name: string;
  child: ChildProcess;
  ports: { grpcPort?: number; httpPort?: number; port?: number };
  exited: Promise<number | null>;
}

/** Starts `apps/<name>/src/main.ts` as its own process and waits for its "listening" log line. */
function startApp(name: string, env: Record<string, string>): Promise<RunningApp> {
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [`apps/${name}/src/main.ts`], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((resolveApp, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line);
          if (entry.message === 'listening' || entry.message === 'gateway listening') {
            clearTimeout(timer);
            resolveApp({ name, child, ports: entry, exited });
          }
        } catch {
          // a partial line; wait for the rest
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`${name} exited with ${code} before listening:\n${output}`)));
  });
}

const dataDir = mkdtempSync(join(tmpdir(), 'mp-standalone-'));
const apps: RunningApp[] = [];

afterAll(async () => {
  for (const app of apps) app.child.kill('SIGTERM');
  await Promise.all(apps.map((a) => a.exited));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('every app starts on its own', () => {
  it('serves gRPC and answers /healthz and /readyz, and a standalone gateway reaches a standalone identity', async () => {
    const started = await Promise.all(
      SERVICES.map((name) =>
        startApp(name, { ...externalEnv(), EMBEDDED: 'true', SANDBOX: 'true', DATA_DIR: join(dataDir, name), GRPC_PORT: '0', HTTP_PORT: '0' }),
      ),
    );
    apps.push(...started);
    for (const app of started) {
      expect({ app: app.name, grpc: app.ports.grpcPort! > 0 }).toEqual({ app: app.name, grpc: true });
      for (const probe of ['healthz', 'readyz']) {
        const res = await fetch(`http://127.0.0.1:${app.ports.httpPort}/${probe}`);
        expect({ app: app.name, probe, status: res.status, body: await res.json() }).toEqual({ app: app.name, probe, status: 200, body: { status: 'ok' } });
      }
    }

    const identity = started.find((a) => a.name === 'identity')!;
    const gateway = await startApp('gateway', { PORT: '0', SANDBOX: 'true', IDENTITY_GRPC_URL: `127.0.0.1:${identity.ports.grpcPort}` });
    apps.push(gateway);
    const base = `http://127.0.0.1:${gateway.ports.port}`;
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    const reg = await fetch(`${base}/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `standalone-${Date.now()}@example.test`, password: 'long enough password', organizationName: 'Solo' }),
    });
    expect(reg.status).toBe(201);
    expect(await reg.json()).toMatchObject({ status: 'pending' });

    // A graceful stop on SIGTERM.
    identity.child.kill('SIGTERM');
    expect(await identity.exited).toBe(0);
  });
});
