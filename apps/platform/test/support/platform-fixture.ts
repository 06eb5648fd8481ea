import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadPlatformConfig } from '../../src/config';
import { startPlatform, type RunningPlatform } from '../../src/platform';
import { ApiClient } from './api-client';

/** The real dependencies when CI provides them (the same suite runs on both). */
const EXTERNAL = ['DATABASE_URL', 'REDIS_URL', 'KAFKA_BROKERS'] as const;

export interface BootedPlatform {
  platform: RunningPlatform;
  api: ApiClient;
  env: Record<string, string>;
  stop(): Promise<void>;
}

export function externalEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of EXTERNAL) if (process.env[name]) env[name] = process.env[name]!;
  return env;
}

/** Boots the whole platform in-process on fresh embedded storage (or the CI services). */
export async function bootPlatform(overrides: Record<string, string> = {}): Promise<BootedPlatform> {
  const env: Record<string, string> = {
    LOG_LEVEL: 'error',
    PORT: '0',
    DATA_DIR: ':memory:',
    SANDBOX: 'true',
    // Every suite signs in a lot from 127.0.0.1: the sign-in throttle is exercised by abuse.api.spec with low limits.
    SIGN_IN_LIMIT_PER_IP_PER_MINUTE: '100000',
    SIGN_IN_LIMIT_PER_ACCOUNT_PER_MINUTE: '100000',
    ...externalEnv(),
    ...overrides,
  };
  const platform = await startPlatform(loadPlatformConfig(env));
  return { platform, api: new ApiClient(platform.url), env, stop: () => platform.stop() };
}

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
