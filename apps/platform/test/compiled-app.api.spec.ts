import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './distributed/app-process';
import { localEnv } from './distributed/local-env';

// Issue 14 point 6: the images run apps compiled at build time
// (tools/scripts/build-apps.sh, as deploy/Dockerfile does), started with plain
// node: no tsx, no TypeScript at run time.

const APP = 'messaging';
const bundle = join(ROOT, 'dist/apps', APP, 'main.js');
let dataDir: string;

beforeAll(() => {
  execFileSync('bash', ['tools/scripts/build-apps.sh', APP], { cwd: ROOT, stdio: 'pipe' });
  dataDir = mkdtempSync(join(tmpdir(), 'mp-compiled-'));
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe(`the compiled ${APP}`, () => {
  it('is one JavaScript file that requires npm packages only (workspace libraries inlined, no tsx)', () => {
    const code = readFileSync(bundle, 'utf8');
    const required = new Set([...code.matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]));
    expect([...required].filter((name) => name.startsWith('@mp/') || name.startsWith('.') || /^tsx\b|typescript/.test(name))).toEqual([]);
    expect(required).toContain('knex'); // npm dependencies stay external, installed with `npm ci --omit=dev`
  });

  it('starts with plain node, answers its probes and stops on SIGTERM', async () => {
    const keys = Object.fromEntries(Object.entries(localEnv()).filter(([name]) => /_TOKEN_/.test(name)));
    const child = spawn(process.execPath, ['--enable-source-maps', bundle], {
      // Not the repository root: nothing may be read from sources or a tsconfig there.
      cwd: dataDir,
      env: { PATH: process.env.PATH ?? '', ...keys, EMBEDDED: 'true', SANDBOX: 'true', LOG_LEVEL: 'info', DATA_DIR: join(dataDir, 'data'), GRPC_PORT: '0', HTTP_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const httpPort = await new Promise<number>((resolve, reject) => {
        let output = '';
        const timer = setTimeout(() => reject(new Error(`no "listening" line within 60 s:\n${output}`)), 60_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          const line = output.split('\n').find((l) => l.includes('"message":"listening"'));
          if (line) {
            clearTimeout(timer);
            resolve((JSON.parse(line) as { httpPort: number }).httpPort);
          }
        };
        child.stdout!.on('data', onData);
        child.stderr!.on('data', onData);
        void exited.then((code) => reject(new Error(`exited with ${code} before listening:\n${output}`)));
      });
      for (const probe of ['healthz', 'readyz']) {
        const res = await fetch(`http://127.0.0.1:${httpPort}/${probe}`);
        expect({ probe, status: res.status, body: await res.json() }).toEqual({ probe, status: 200, body: { status: 'ok' } });
      }
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 90_000);
});
