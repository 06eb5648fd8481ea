import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createConnection } from 'node:net';
import { freePort } from './free-port';

/**
 * A Redis of a test's own, on a free port, that the test may kill, stall and
 * start again on the same port (the shared one at 6379 is never touched).
 * Nothing is persisted: a restart comes back empty, as a cache node would.
 */
export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  /** SIGKILL: connections drop at once, as in a crash. */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: the socket stays open and nothing answers (a stalled node or a partition). */
  pause(): void;
  resume(): void;
  start(): Promise<void>;
}

export const redisServerInstalled = (): boolean => spawnSync('redis-server', ['--version']).status === 0;

/** True once the server answers PING on the port. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    child = server;
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (server.exitCode !== null) throw new Error(`redis-server on port ${port} exited with ${server.exitCode}`);
      if (Date.now() > deadline) throw new Error(`redis-server on port ${port} did not answer within 10 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const kill = async () => {
    const server = child;
    if (!server || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    kill,
    pause: () => void child?.kill('SIGSTOP'),
    resume: () => void child?.kill('SIGCONT'),
    start,
  };
}
