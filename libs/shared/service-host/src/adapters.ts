import { SandboxClock, SystemClock, type Clock } from '@mp/clock';
import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport, createKafkaTransport, type EventTransport } from '@mp/events';
import type { Logger } from '@mp/telemetry';

/**
 * The one place adapters are chosen from configuration (ARCHITECTURE "Two
 * ways to run"): PostgreSQL or PGlite, Kafka or the embedded log, system or
 * sandbox clock.
 */
export function chooseDatabase(config: { DATABASE_URL?: string; DATA_DIR: string; DATABASE_POOL_MAX?: number }): DatabaseProvider {
  return createDatabaseProvider({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: config.DATABASE_POOL_MAX });
}

export function chooseTransport(
  config: { KAFKA_BROKERS?: string[]; KAFKA_SESSION_TIMEOUT_MS?: number },
  db: DatabaseProvider,
  clientId: string,
  logger?: Logger,
): EventTransport {
  return config.KAFKA_BROKERS && config.KAFKA_BROKERS.length > 0
    ? createKafkaTransport({ brokers: config.KAFKA_BROKERS, clientId, sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS, logger })
    : createEmbeddedLogTransport({ db });
}

export function chooseClock(config: { SANDBOX: boolean }): Clock {
  return config.SANDBOX ? new SandboxClock() : new SystemClock();
}

/**
 * A standalone app with neither a shared database nor Kafka would keep its
 * events in a private embedded log that no other process ever reads; that is
 * only right when asked for (`EMBEDDED=true`), so otherwise refuse to start.
 */
export function refuseUnsharedStorage(app: string, config: { DATABASE_URL?: string; KAFKA_BROKERS?: string[]; EMBEDDED?: boolean }): void {
  const shared = Boolean(config.DATABASE_URL) || (config.KAFKA_BROKERS?.length ?? 0) > 0;
  if (shared || config.EMBEDDED) return;
  throw new Error(
    `${app}: neither DATABASE_URL nor KAFKA_BROKERS is set, so its events would never leave this process. ` +
      'Set them (see DEVELOPMENT.md, deploy/local.env), or EMBEDDED=true for a private embedded store.',
  );
}
