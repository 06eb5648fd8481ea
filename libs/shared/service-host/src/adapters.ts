import { SandboxClock, SystemClock, type Clock } from '@mp/clock';
import { createDatabaseProvider, type DatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport, createKafkaTransport, type EventTransport } from '@mp/events';

/**
 * The one place adapters are chosen from configuration (ARCHITECTURE "Two
 * ways to run"): PostgreSQL or PGlite, Kafka or the embedded log, system or
 * sandbox clock.
 */
export function chooseDatabase(config: { DATABASE_URL?: string; DATA_DIR: string }): DatabaseProvider {
  return createDatabaseProvider({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
}

export function chooseTransport(config: { KAFKA_BROKERS?: string[] }, db: DatabaseProvider, clientId: string): EventTransport {
  return config.KAFKA_BROKERS && config.KAFKA_BROKERS.length > 0
    ? createKafkaTransport({ brokers: config.KAFKA_BROKERS, clientId })
    : createEmbeddedLogTransport({ db });
}

export function chooseClock(config: { SANDBOX: boolean }): Clock {
  return config.SANDBOX ? new SandboxClock() : new SystemClock();
}
