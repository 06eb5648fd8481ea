import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { Client } from 'pg';
import { CARRIER_SIMULATOR_LISTENERS, GATEWAY_APP, SERVICE_REGISTRY } from '@mp/service-host';
import { localEnv } from './local-env';

/** PostgreSQL and a Kafka-protocol broker for the distributed set. */
export interface Infrastructure {
  DATABASE_URL: string;
  KAFKA_BROKERS: string;
  REDIS_URL?: string;
  describe: string;
  release(): Promise<void>;
}

const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432';

/**
 * The CI's PostgreSQL and Kafka when DATABASE_URL and KAFKA_BROKERS are set (as
 * for the other integration suites); otherwise a fresh database on the local
 * PostgreSQL and a kcat mock cluster; otherwise the reason there is none.
 */
export async function infrastructure(): Promise<Infrastructure | string> {
  const { DATABASE_URL, KAFKA_BROKERS, REDIS_URL } = process.env;
  if (DATABASE_URL && KAFKA_BROKERS) {
    return { DATABASE_URL, KAFKA_BROKERS, REDIS_URL, describe: 'DATABASE_URL and KAFKA_BROKERS from the environment', release: async () => {} };
  }
  if (spawnSync('kcat', ['-V']).status !== 0) return 'kcat is not installed (apt-get install kcat), and KAFKA_BROKERS is not set';
  const admin = new Client({ connectionString: `${LOCAL_POSTGRES}/postgres` });
  try {
    await admin.connect();
  } catch (error) {
    return `no PostgreSQL at ${LOCAL_POSTGRES} (${(error as Error).message}), and DATABASE_URL is not set`;
  }
  const database = `standalone_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${database}`);
  const kafka = await kcatMockCluster();
  return {
    DATABASE_URL: `${LOCAL_POSTGRES}/${database}`,
    KAFKA_BROKERS: kafka.brokers,
    describe: `a fresh database on ${LOCAL_POSTGRES} and a kcat mock cluster at ${kafka.brokers}`,
    async release() {
      await kafka.stop();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.end();
    },
  };
}

/** librdkafka's mock cluster of three brokers, started by kcat (DEVELOPMENT.md section 3; kcat must be installed). */
export async function kcatMockCluster(): Promise<{ brokers: string; stop(): Promise<void> }> {
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
    async stop() {
      // kcat's mock cluster can outlive SIGTERM while clients were connected to it: make sure it goes.
      const exited = new Promise<void>((resolve) => (kcat.exitCode !== null ? resolve() : kcat.once('exit', () => resolve())));
      kcat.kill('SIGTERM');
      const timer = setTimeout(() => kcat.kill('SIGKILL'), 2_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Every port the documented set listens on (service registry). */
const DOCUMENTED_PORTS = new Set<number>([
  ...SERVICE_REGISTRY.flatMap((s) => [s.grpcPort, s.healthPort]),
  GATEWAY_APP.httpPort,
  CARRIER_SIMULATOR_LISTENERS.carrierApiPort,
  CARRIER_SIMULATOR_LISTENERS.smtpPort,
  CARRIER_SIMULATOR_LISTENERS.smscPort,
]);

const free = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '0.0.0.0', () => server.close(() => resolve(true)));
  });

/**
 * Ports the kernel gives outgoing connections (Linux's ip_local_port_range): a listening port in it can be
 * taken by any client socket while its app restarts, and the restart fails with EADDRINUSE (CI saw tendlc's
 * 50058 taken so after its kill -9).
 */
function ephemeralPorts(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (low > 0 && high >= low) return [low, high];
  } catch {
    // not Linux: its usual range
  }
  return [32768, 60999];
}

/**
 * A shift, applied alike to every port and address, that frees every documented
 * port and keeps each out of the ephemeral range (so an app restarted on its
 * ports always gets them back): 0 when that already holds, else one of the
 * shifts that move the gRPC ports above the range and the others below it.
 */
// Ports fetch refuses to connect to (the Fetch standard's "bad port" list, at and above the documented ones):
// a shift that lands one there (8080 + 2000 = 10080) fails every request to it as "bad port".
const FETCH_BAD_PORTS = new Set([1719, 1720, 1723, 2049, 3659, 4045, 4190, 5060, 5061, 6000, 6566, 6665, 6666, 6667, 6668, 6669, 6679, 6697, 10080]);

export async function portShift(): Promise<number> {
  const [low, high] = ephemeralPorts();
  const fits = (shift: number) =>
    [...DOCUMENTED_PORTS].every((p) => p + shift >= 1024 && p + shift <= 65535 && (p + shift < low || p + shift > high) && !FETCH_BAD_PORTS.has(p + shift));
  const fitting = Array.from({ length: 2000 }, (_, i) => i * 10).filter(fits);
  // Another run on this machine may hold some: a random one of them at a time.
  const candidates = fitting.length > 0 ? [...(fits(0) ? [0] : []), ...Array.from({ length: 20 }, () => fitting[Math.floor(Math.random() * fitting.length)])] : [0];
  for (const shift of candidates) {
    const all = await Promise.all([...DOCUMENTED_PORTS].map((p) => free(p + shift)));
    if (all.every(Boolean)) return shift;
  }
  throw new Error('no free set of ports for the distributed set');
}

/**
 * deploy/local.env as `set -a; . deploy/local.env` gives it, with the
 * infrastructure's addresses, and every documented port moved by `shift`.
 */
export function documentedEnv(infra: Infrastructure, shift: number): Record<string, string> {
  const moved = (port: string) => (DOCUMENTED_PORTS.has(Number(port)) ? String(Number(port) + shift) : port);
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(localEnv())) {
    if (/_PORT$/.test(name)) env[name] = moved(value);
    else env[name] = (name === 'CARRIER_CONNECTIONS' ? movedConnections(value, moved) : value).replace(/localhost:(\d+)/g, (_, port: string) => `localhost:${moved(port)}`);
  }
  env.DATABASE_URL = infra.DATABASE_URL;
  env.KAFKA_BROKERS = infra.KAFKA_BROKERS;
  if (infra.REDIS_URL) env.REDIS_URL = infra.REDIS_URL;
  return env;
}

/** CARRIER_CONNECTIONS with each local SMPP connection (to the simulator's SMSC) on its moved port: host and port are fields there, not `localhost:port` (an HTTP connection's baseUrl is, moved by the caller). */
function movedConnections(value: string, moved: (port: string) => string): string {
  const connections = JSON.parse(value) as Array<Record<string, unknown>>;
  const local = (host: unknown) => host === 'localhost' || host === '127.0.0.1';
  return JSON.stringify(connections.map((c) => (local(c.host) && typeof c.port === 'number' ? { ...c, port: Number(moved(String(c.port))) } : c)));
}

/** The ports an app takes from its defaults; given only when shifted. */
export function ownPorts(app: string, shift: number): Record<string, string> {
  if (shift === 0) return {};
  if (app === GATEWAY_APP.name) return { PORT: String(GATEWAY_APP.httpPort + shift) };
  const entry = SERVICE_REGISTRY.find((s) => s.name === app)!;
  return { GRPC_PORT: String(entry.grpcPort + shift), HTTP_PORT: String(entry.healthPort + shift) };
}
