/**
 * What the send benchmark drives: the all-in-one platform in this process
 * (PGlite or a fresh PostgreSQL database), or every app as a process of its
 * own (DEVELOPMENT.md "One app from a checkout") on a fresh PostgreSQL
 * database and Kafka. Each target tells its gateway URL, reads the messaging
 * schema, and samples CPU and statements.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { GATEWAY_APP, SERVICE_REGISTRY } from '@mp/service-host';
import { loadPlatformConfig } from '../../src/config';
import { startPlatform, type RunningPlatform } from '../../src/platform';
import { ROOT } from '../../test/distributed/app-process';
import { documentedEnv, ownPorts, portShift } from '../../test/distributed/documented-env';
import { cpuDeltaMs, cpuSnapshot, processName, processTrees } from './proc';

export type Storage = 'pglite' | 'postgres';

/** Everything the benchmark reads at the edges of a measured window. */
export interface Sample {
  at: number;
  /** CPU ms per pid of the processes the platform runs in. */
  platformCpu: Map<number, number>;
  /** CPU ms per pid of the PostgreSQL backends serving the platform's database; null when not readable. */
  postgresCpu: Map<number, number> | null;
  /** Statements sent to the database so far; null when they cannot be counted. */
  statements: number | null;
  /** This process's CPU ms (the load generator; for all-in-one also the platform). */
  benchCpuMs: number;
}

export interface Target {
  /** Table column: "all-in-one PGlite", "distributed PostgreSQL + Kafka", ... */
  label: string;
  storage: Storage;
  mode: 'all-in-one' | 'distributed';
  url: string;
  /** Rows from the messaging service's schema (`messages`, `message_audit`). */
  query<T>(sql: string, bindings?: unknown[]): Promise<T[]>;
  sample(): Promise<Sample>;
  stop(): Promise<void>;
}

export const cpuMsBetween = (a: Map<number, number> | null, b: Map<number, number> | null) => (a && b ? cpuDeltaMs(a, b) : null);

const ownCpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};

/** The gateway lets the load through: per-address and per-credential limits far above any rate here. */
const UNLIMITED = { RATE_LIMIT_PER_IP_PER_MINUTE: '100000000', RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: '100000000' };

// ---------------------------------------------------------------------------
// A fresh PostgreSQL database per run on the server of DATABASE_URL.

export interface FreshDatabase {
  url: string;
  name: string;
  /** PostgreSQL backends of this database (pg_stat_activity), when the server runs on this machine. */
  backendPids(): Promise<number[] | null>;
  drop(): Promise<void>;
}

let databases = 0;

export async function freshDatabase(serverUrl: string, tag: string): Promise<FreshDatabase> {
  const admin = new Client({ connectionString: serverUrl });
  await admin.connect();
  const name = `bench_${tag}_${process.pid}_${++databases}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const local = ['127.0.0.1', 'localhost', '::1', '[::1]'].includes(url.hostname) && process.platform === 'linux';
  return {
    url: url.toString(),
    name,
    backendPids: async () => {
      if (!local) return null;
      const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name]);
      return rows.map((r) => r.pid);
    },
    drop: async () => {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
  };
}

async function postgresCpu(database: FreshDatabase | undefined): Promise<Map<number, number> | null> {
  const pids = database ? await database.backendPids() : null;
  return pids ? cpuSnapshot(pids) : null;
}

/** Queries on the messaging schema over a plain pg connection of its own (not counted as the platform's). */
async function messagingReader(databaseUrl: string): Promise<{ query: Target['query']; close(): Promise<void> }> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query('set search_path to messaging');
  return {
    // Written with knex's `?` placeholders; pg numbers them.
    query: async <T>(sql: string, bindings: unknown[] = []) => {
      let n = 0;
      return (await client.query(sql.replace(/\?/g, () => `$${++n}`), bindings)).rows as T[];
    },
    close: () => client.end(),
  };
}

// ---------------------------------------------------------------------------
// All in one process.

export async function startAllInOne(storage: Storage, serverUrl?: string): Promise<Target> {
  const database = storage === 'postgres' ? await freshDatabase(serverUrl!, 'aio') : undefined;
  let platform: RunningPlatform;
  try {
    platform = await startPlatform(
      loadPlatformConfig({
        ...process.env,
        DATABASE_URL: database?.url ?? '',
        KAFKA_BROKERS: '',
        PORT: '0',
        DATA_DIR: process.env.BENCH_DATA_DIR ?? ':memory:',
        LOG_LEVEL: 'error',
        ...UNLIMITED,
      }),
    );
  } catch (error) {
    await database?.drop();
    throw error;
  }
  const databases = platform.adapters.databases;
  const reader = database ? await messagingReader(database.url) : undefined;
  const messaging = databases.forSchema('messaging');
  return {
    label: `all-in-one ${storage === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
    storage,
    mode: 'all-in-one',
    url: platform.url,
    // On PGlite the only way in is the platform's own database (its statements count; the benchmark reads outside measured windows).
    query: reader
      ? reader.query
      : async <T>(sql: string, bindings: unknown[] = []) => ((await messaging.raw(sql, bindings as never[])) as unknown as { rows: T[] }).rows,
    sample: async () => ({
      at: Date.now(),
      platformCpu: new Map([[process.pid, ownCpuMs()]]),
      postgresCpu: await postgresCpu(database),
      statements: databases.statementCount(),
      benchCpuMs: ownCpuMs(),
    }),
    stop: async () => {
      await reader?.close();
      await platform.stop();
      await database?.drop();
    },
  };
}

// ---------------------------------------------------------------------------
// Every app a process of its own.

interface KafkaBrokers {
  brokers: string;
  describe: string;
  pid?: number;
  stop(): Promise<void>;
}

/** KAFKA_BROKERS when set, else a kcat mock cluster as .ci/run starts it. */
async function kafka(): Promise<KafkaBrokers> {
  const given = process.env.KAFKA_BROKERS?.trim();
  if (given) return { brokers: given, describe: `Kafka at ${given}`, stop: async () => {} };
  if (spawnSync('kcat', ['-V']).status !== 0) throw new Error('KAFKA_BROKERS is not set and kcat is not installed (apt-get install kcat) to start a mock cluster');
  const kcat = spawn('kcat', ['-b', 'x', '-X', 'test.mock.num.brokers=3', '-d', 'mock', '-C', '-t', 'warm'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const brokers = await new Promise<string>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`the kcat mock cluster did not start:\n${log}`)), 10_000);
    kcat.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /bootstrap\.servers=(\S+)/.exec(log);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return {
    brokers,
    describe: `kcat mock Kafka cluster at ${brokers}`,
    pid: kcat.pid,
    stop: async () => {
      const exited = new Promise<void>((resolve) => (kcat.exitCode !== null ? resolve() : kcat.once('exit', () => resolve())));
      kcat.kill('SIGTERM');
      const timer = setTimeout(() => kcat.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

interface AppProcess {
  name: string;
  child: ChildProcess;
  healthUrl: string;
  exited: Promise<void>;
  output: string;
}

const STATEMENT_COUNTER = join(__dirname, 'count-pg-statements.js');

function spawnApp(name: string, env: Record<string, string>, healthPort: number, statementsDir: string): AppProcess {
  // As DEVELOPMENT.md runs an app (`npx tsx apps/<app>/src/main.ts`, the same binary), with a preload that only counts statements.
  const child = spawn(join(ROOT, 'node_modules/.bin/tsx'), [`apps/${name}/src/main.ts`], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      ...env,
      NODE_OPTIONS: `--require ${STATEMENT_COUNTER}`,
      BENCH_STATEMENTS_DIR: statementsDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const app: AppProcess = {
    name,
    child,
    healthUrl: `http://127.0.0.1:${healthPort}`,
    exited: new Promise<void>((resolve) => child.once('exit', () => resolve())),
    output: '',
  };
  const keep = (chunk: Buffer) => (app.output = (app.output + chunk.toString()).slice(-20_000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  return app;
}

async function waitReady(app: AppProcess, deadline: number): Promise<void> {
  let exited = false;
  void app.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${app.name} exited before it was ready:\n${app.output}`);
    try {
      const res = await fetch(`${app.healthUrl}/readyz`);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${app.name} was not ready at ${app.healthUrl}/readyz in time:\n${app.output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopApps(apps: AppProcess[]): Promise<void> {
  for (const app of apps) if (app.child.exitCode === null) app.child.kill('SIGTERM');
  await Promise.all(
    apps.map(async (app) => {
      const timer = setTimeout(() => app.child.kill('SIGKILL'), 10_000);
      await app.exited;
      clearTimeout(timer);
    }),
  );
}

/** Statements every app has sent to PostgreSQL so far (each process writes its count on SIGUSR2). */
async function childStatements(apps: AppProcess[], dir: string): Promise<number | null> {
  // Node processes only: tsx's esbuild service (a child of each) would die of the signal.
  const pids = processTrees(apps.map((a) => a.child.pid!).filter(Boolean)).filter((pid) => processName(pid) === 'node');
  const file = (pid: number) => join(dir, String(pid));
  for (const pid of pids) {
    rmSync(file(pid), { force: true });
    try {
      process.kill(pid, 'SIGUSR2');
    } catch {
      // gone
    }
  }
  // Each process answers from its event loop; a busy one may take a moment.
  for (let waited = 0; waited < 5_000; waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const counts = pids.map((pid) => {
      try {
        return Number(readFileSync(file(pid), 'utf8'));
      } catch {
        return null;
      }
    });
    if (counts.every((c) => c !== null)) return counts.reduce<number>((sum, c) => sum + c!, 0);
  }
  return null;
}

export async function startDistributed(serverUrl: string): Promise<Target & { describe: string }> {
  const database = await freshDatabase(serverUrl, 'dist');
  const statementsDir = mkdtempSync(join(tmpdir(), 'bench-statements-'));
  let broker: KafkaBrokers | undefined;
  const apps: AppProcess[] = [];
  let reader: Awaited<ReturnType<typeof messagingReader>> | undefined;
  let gatewayPort = 0;
  const release = async () => {
    await reader?.close();
    await stopApps(apps);
    await broker?.stop();
    await database.drop();
    rmSync(statementsDir, { recursive: true, force: true });
  };
  try {
    broker = await kafka();
    const shift = await portShift();
    const env = {
      ...documentedEnv({ DATABASE_URL: database.url, KAFKA_BROKERS: broker.brokers, REDIS_URL: process.env.REDIS_URL, describe: '', release: async () => {} }, shift),
      LOG_LEVEL: 'error',
      ...UNLIMITED,
      RATE_LIMIT_KEY_PREFIX: `bench:${process.pid}:${Date.now()}:`,
    };
    gatewayPort = GATEWAY_APP.httpPort + shift;
    // The services first, then the gateway (it answers /readyz once the services it calls do).
    for (const service of SERVICE_REGISTRY) {
      apps.push(spawnApp(service.name, { ...env, ...ownPorts(service.name, shift) }, service.healthPort + shift, statementsDir));
    }
    apps.push(spawnApp(GATEWAY_APP.name, { ...env, ...ownPorts(GATEWAY_APP.name, shift) }, gatewayPort, statementsDir));
    const deadline = Date.now() + 180_000;
    await Promise.all(apps.map((app) => waitReady(app, deadline)));
    reader = await messagingReader(database.url);
  } catch (error) {
    await release();
    throw error;
  }
  const readQuery = reader.query;
  return {
    label: 'distributed PostgreSQL + Kafka',
    describe: `${apps.length} apps as processes, a fresh database ${database.name}, ${broker.describe}`,
    storage: 'postgres',
    mode: 'distributed',
    url: `http://127.0.0.1:${gatewayPort}`,
    query: readQuery,
    sample: async () => ({
      at: Date.now(),
      platformCpu: cpuSnapshot(processTrees(apps.map((a) => a.child.pid!))),
      postgresCpu: await postgresCpu(database),
      statements: await childStatements(apps, statementsDir),
      benchCpuMs: ownCpuMs(),
    }),
    stop: release,
  };
}
