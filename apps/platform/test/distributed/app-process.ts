import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

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
 * How an app is run: `tsx`, from its TypeScript source as from a checkout; `compiled`,
 * its bundle from tools/scripts/build-apps.sh as the image runs it
 * (`node --enable-source-maps dist/apps/<name>/main.js`; build it first).
 */
export type AppBuild = 'tsx' | 'compiled';

/**
 * `apps/<name>/src/main.ts` as one node process loading TypeScript through tsx's
 * loader: a signal reaches the app itself. (The tsx CLI is a second process that
 * relays signals and SIGKILLs a child that does not acknowledge one within 30 ms,
 * which a loaded machine misses: the graceful stop would be cut short.)
 */
function spawnApp(name: string, env: Record<string, string>, build: AppBuild = 'tsx'): ChildProcess {
  const args = build === 'compiled' ? ['--enable-source-maps', `dist/apps/${name}/main.js`] : ['--import', 'tsx', `apps/${name}/src/main.ts`];
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/**
 * Starts `apps/<name>/src/main.ts` (or its bundle) as its own process with exactly
 * `env` (plus PATH and HOME) and waits for its "listening" log line.
 */
export function startApp(name: string, env: Record<string, string>, timeoutMs = 120_000, build: AppBuild = 'tsx'): Promise<RunningApp> {
  const child = spawnApp(name, env, build);
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
  const child = spawnApp(name, env);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const code = await new Promise<number | null>((r) => child.once('exit', (c) => r(c)));
  clearTimeout(timer);
  return { code, output };
}
