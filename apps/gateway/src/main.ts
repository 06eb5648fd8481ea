import { redactSecretText } from '@mp/config';
import { createDatabaseProvider } from '@mp/db';
import { createEmbeddedLogTransport, createKafkaTransport, measureConsumerLag, type EventTransport } from '@mp/events';
import { startGateway } from '@mp/gateway';
import { CallTokenSigner } from '@mp/grpc';
import { addressBookFrom, chooseClock, createServiceClients, exitOnSignals } from '@mp/service-host';
import { collectProcessMetrics, createLogger, flushTelemetry, initTelemetry, type Logger } from '@mp/telemetry';
import { loadAppConfig, type GatewayAppConfig } from './config';

/**
 * Where identity's AccessChanged events reach this gateway: Kafka when
 * KAFKA_BROKERS is set, else the embedded log in the shared PostgreSQL
 * (DATABASE_URL). With neither there is no transport, and the gateway asks
 * identity about every API key (a private log would never hear identity).
 */
function accessEventTransport(config: GatewayAppConfig, logger: Logger): { transport?: EventTransport; close(): Promise<void> } {
  if (config.KAFKA_BROKERS && config.KAFKA_BROKERS.length > 0) {
    const transport = createKafkaTransport({ brokers: config.KAFKA_BROKERS, clientId: 'gateway', sessionTimeoutMs: config.KAFKA_SESSION_TIMEOUT_MS, logger });
    return { transport, close: () => transport.close() };
  }
  if (!config.DATABASE_URL) return { close: async () => undefined };
  const databases = createDatabaseProvider({ databaseUrl: config.DATABASE_URL, dataDir: '', poolMax: config.DATABASE_POOL_MAX });
  const transport = createEmbeddedLogTransport({ db: databases });
  return {
    transport,
    close: async () => {
      await transport.close();
      await databases.close();
    },
  };
}

async function main() {
  const config = loadAppConfig();
  initTelemetry({ exporter: config.OTEL_TRACES_EXPORTER, serviceName: 'gateway' });
  collectProcessMetrics();
  const logger = createLogger(config.LOG_LEVEL, { app: 'gateway' });
  // Every call names its caller in a token signed for the service it goes to.
  const signer = await CallTokenSigner.fromJwk(config.CALL_TOKEN_SIGNING_KEY, 'gateway');
  const clients = createServiceClients(addressBookFrom(config), { signer, deadlineMs: config.GRPC_DEADLINE_MS });
  const events = accessEventTransport(config, logger);
  // The API-key cache's replica group: its lag shows how far behind eviction runs.
  if (events.transport) measureConsumerLag(events.transport);
  const gateway = await startGateway({ config, clients, clock: chooseClock(config), logger, events: events.transport });
  logger.info('gateway listening', { url: config.PUBLIC_BASE_URL, port: gateway.port, cachesApiKeys: gateway.accessCache !== undefined });
  exitOnSignals(
    [
      { name: 'gateway requests in flight', run: () => gateway.stop() },
      { name: 'event transport', run: () => events.close() },
      { name: 'service clients', run: () => clients.close() },
      { name: 'last spans', run: () => flushTelemetry() },
    ],
    { graceMs: config.SHUTDOWN_GRACE_MS, logger },
  );
}

main().catch((error: unknown) => {
  // A driver's message may carry a connection string: printed without its secrets.
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
