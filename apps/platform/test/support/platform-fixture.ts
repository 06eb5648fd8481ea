import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from '@mp/telemetry';
import { loadPlatformConfig } from '../../src/config';
import { startPlatform, type RunningPlatform } from '../../src/platform';
import { ApiClient } from './api-client';

/** The real dependencies when CI provides them (the same suite runs on both). */
const EXTERNAL = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'] as const;

export interface BootedPlatform {
  platform: RunningPlatform;
  api: ApiClient;
  env: Record<string, string>;
  /** Stops a platform of its own; for the shared platform it does nothing (the worker stops it at its end). */
  stop(): Promise<void>;
}

export function externalEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of EXTERNAL) if (process.env[name]) env[name] = process.env[name]!;
  return env;
}

/** Boots the whole platform in-process on fresh embedded storage (or the CI services), without a word. */
export async function startTestPlatform(overrides: Record<string, string> = {}, logger?: Logger): Promise<{ booted: BootedPlatform; bootMs: number }> {
  const env: Record<string, string> = {
    LOG_LEVEL: 'error',
    PORT: '0',
    DATA_DIR: ':memory:',
    SANDBOX: 'true',
    // Every suite signs in a lot from 127.0.0.1: the sign-in throttle is exercised by abuse.api.spec with low limits.
    SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000',
    SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000',
    // Likewise the request limits (rate-limits.api.spec sets low ones): a shared platform serves many suites a minute,
    // and on Redis every boot counts apart, or one suite's requests (fuzz: thousands) would limit the next suite's.
    RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
    RATE_LIMIT_PER_CREDENTIAL_PER_MINUTE: '100000',
    RATE_LIMIT_KEY_PREFIX: `test:rl:${randomUUID()}:`,
    // A suite that boots again on Kafka (restarts) would otherwise wait 30 s for the stopped platform's group members.
    KAFKA_SESSION_TIMEOUT_MS: '6000',
    // The webhook suites' receivers listen on 127.0.0.1 (webhooks-ssrf.api.spec boots a platform without it).
    WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
    ...externalEnv(),
    ...overrides,
  };
  const started = performance.now();
  const platform = await startPlatform(loadPlatformConfig(env), logger);
  const bootMs = Math.round(performance.now() - started);
  return { booted: { platform, api: new ApiClient(platform.url), env, stop: () => platform.stop() }, bootMs };
}

/**
 * A platform of the suite's own: for suites that need a configuration of their
 * own (low limits, WebAuthn, a data directory to restart on). Prints its boot time.
 */
export async function bootPlatform(overrides: Record<string, string> = {}, logger?: Logger): Promise<BootedPlatform> {
  const { booted, bootMs } = await startTestPlatform(overrides, logger);
  console.log(`platform booted in ${bootMs} ms${describeTier(booted.env)}`);
  return booted;
}

/** What shared-platform.environment.js gives each test file as `globalThis.__mpSharedPlatform`. */
type SharedPlatformHook = () => Promise<{ booted: BootedPlatform; bootMs: number; suitesBefore: number }>;

/**
 * The platform this jest worker shares between suites that need no special
 * configuration: booted by the first such suite, reused by the next ones
 * (suites isolate themselves by fresh accounts and destinations). Needs the
 * API project's test environment (shared-platform.environment.js); stop() is a no-op.
 */
export async function sharedPlatform(): Promise<BootedPlatform> {
  const hook = (globalThis as { __mpSharedPlatform?: SharedPlatformHook }).__mpSharedPlatform;
  if (!hook) throw new Error('sharedPlatform() needs the testEnvironment apps/platform/test/support/shared-platform.environment.js (see jest.config.js)');
  const { booted, bootMs, suitesBefore } = await hook();
  console.log(
    suitesBefore === 0
      ? `platform booted in ${bootMs} ms${describeTier(booted.env)}, shared by this worker's suites`
      : `shared platform reused (booted in ${bootMs} ms, ${suitesBefore} suite(s) earlier in this worker)`,
  );
  // A client of this test file's own realm; the platform itself lives in the worker's realm.
  return { platform: booted.platform, api: new ApiClient(booted.platform.url), env: booted.env, stop: async () => undefined };
}

const describeTier = (env: Record<string, string>) =>
  ` (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, ${env.KAFKA_BROKERS ? 'Kafka' : 'embedded log'})`;

/** A data directory that outlives one boot (restart tests). */
export function temporaryDataDir(): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'mp-data-'));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Rows of a service's table, straight from its schema: what was stored. */
export async function countRows(platform: RunningPlatform, schema: string, table: string, where: Record<string, unknown> = {}): Promise<number> {
  const row = await platform.adapters.databases.forSchema(schema)(table).where(where).count<{ count: string | number }[]>({ count: '*' }).first();
  return Number(row?.count ?? 0);
}
