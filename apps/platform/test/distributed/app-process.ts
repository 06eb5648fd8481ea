import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const ROOT = resolve(__dirname, '../../../..');

export interface RunningApp {
  name: string;
  child: ChildProcess;
  /** From the app's "listening" log line. */
  ports: { grpcPort?: number; httpPort?: number; port?: number };
  exited: Promise<number | null>;
  /** Everything it printed so far (for failure messages). */
  output(): string;
}

/**
 * How an app is run: `compiled`, its bundle from tools/scripts/build-apps.sh as the
 * image runs it (`node --enable-source-maps <bundle>`), built from the sources as they
 * are on first use in this process; `tsx`, from its TypeScript source as from a checkout.
 */
export type AppBuild = 'tsx' | 'compiled';

// Under the repository (its node_modules resolve the bundle's externals), one folder per test process: two
// jest workers never write a bundle the other is loading, and an old bundle is never run.
const TEST_APPS = join(ROOT, 'dist', 'test-apps');
const BUNDLES = join(TEST_APPS, String(process.pid));
const bundles = new Map<string, Promise<string>>();

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** Bundles of test processes gone without their exit handler (a killed jest worker). */
function removeOrphanBundles(): void {
  let folders: string[] = [];
  try {
    folders = readdirSync(TEST_APPS);
  } catch {
    return; // none yet
  }
  for (const folder of folders) if (/^\d+$/.test(folder) && !alive(Number(folder))) rmSync(join(TEST_APPS, folder), { recursive: true, force: true });
}

/**
 * The app's bundle, built once per process (esbuild, about a second). The distributed
 * suites start every app a dozen times: loading one file costs a fraction of tsx
 * transforming the sources, which on a fresh clone's empty cache took 13 to 15 s a start.
 */
export function appBundle(name: string): Promise<string> {
  let built = bundles.get(name);
  if (!built) {
    if (bundles.size === 0) {
      removeOrphanBundles();
      process.once('exit', () => rmSync(BUNDLES, { recursive: true, force: true }));
    }
    built = promisify(execFile)('bash', ['tools/scripts/build-apps.sh', name], { cwd: ROOT, env: { ...process.env, BUILD_APPS_OUT_DIR: BUNDLES } }).then(() => join(BUNDLES, name, 'main.js'));
    bundles.set(name, built);
  }
  return built;
}

/**
 * `apps/<name>/src/main.ts` as one node process loading TypeScript through tsx's
 * loader: a signal reaches the app itself. (The tsx CLI is a second process that
 * relays signals and SIGKILLs a child that does not acknowledge one within 30 ms,
 * which a loaded machine misses: the graceful stop would be cut short.)
 */
async function spawnApp(name: string, env: Record<string, string>, build: AppBuild): Promise<ChildProcess> {
  const args = build === 'compiled' ? ['--enable-source-maps', await appBundle(name)] : ['--import', 'tsx', `apps/${name}/src/main.ts`];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts the app (its bundle, or `apps/<name>/src/main.ts` under tsx) as its own process
 * with exactly `env` (plus PATH and HOME) and waits for its "listening" log line.
 */
export async function startApp(name: string, env: Record<string, string>, timeoutMs = 120_000, build: AppBuild = 'compiled'): Promise<RunningApp> {
  const child = await spawnApp(name, env, build);
  let output = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((resolveApp, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // nobody holds it once this rejects: it must not outlive the test
      reject(new Error(`${name} did not start within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const line of output.split('\n')) {
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line);
          if (entry.message === 'listening' || entry.message === 'gateway listening') {
            clearTimeout(timer);
            resolveApp({ name, child, ports: entry, exited, output: () => output });
          }
        } catch {
          // a partial line; wait for the rest
        }
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code} before listening:\n${output}`));
    });
  });
}

/** Runs an app that is expected to refuse to start: its exit code and output. */
export async function runToExit(name: string, env: Record<string, string>, timeoutMs = 60_000): Promise<{ code: number | null; output: string }> {
  const child = await spawnApp(name, env, 'tsx');
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  return { code, output };
}
