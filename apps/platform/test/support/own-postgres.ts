import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of a test's own, on a free port, that the test may stop
 * and start (the shared server at 5432 is never touched). Needs the server
 * binaries (initdb, pg_ctl); PostgreSQL refuses to run as root, so as root it
 * runs as the `postgres` OS user.
 */
export interface OwnPostgres {
  readonly url: string;
  readonly port: number;
  /** `fast`: sessions are ended (as a restart does); `immediate`: as a crash. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  /** Stops it (if running) and removes its files. */
  remove(): Promise<void>;
}

/** The directory of initdb and pg_ctl, or undefined when no server binaries are installed. */
export function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return undefined;
}

export async function startOwnPostgres(bin: string): Promise<OwnPostgres> {
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'mp-own-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (tool: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]) : run(join(bin, tool), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  // No durability needed; a socket directory of its own; room for ten services' pools and listeners.
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
  const start = async () => {
    await pg('pg_ctl', ['start', '-w', '-t', '60', '-D', data, '-l', join(dir, 'log'), '-o', options]);
  };
  let running = false;
  await start();
  running = true;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stop(mode = 'fast') {
      await pg('pg_ctl', ['stop', '-w', '-t', '60', '-D', data, '-m', mode]);
      running = false;
    },
    async start() {
      await start();
      running = true;
    },
    async remove() {
      if (running) await pg('pg_ctl', ['stop', '-w', '-D', data, '-m', 'immediate']).catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
