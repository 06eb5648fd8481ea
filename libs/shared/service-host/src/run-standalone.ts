import { measureConsumerLag } from '@mp/events';
import { callKeysFrom, CallTokenSigner, type JsonWebKeySet } from '@mp/grpc';
import { collectProcessMetrics, initTelemetry, createLogger, flushTelemetry, type LogLevel, type TracesExporter } from '@mp/telemetry';
import type { JWK } from 'jose';
import { chooseClock, chooseDatabase, chooseTransport, refuseUnsharedStorage } from './adapters';
import { exitOnSignals } from './graceful-shutdown';
import { startHealthServer } from './health-server';
import { addressVariable, SERVICE_NAMES, type ServiceName } from './host-config';
import { createServiceClients, type AddressBook } from './service-clients';
import { ServiceHost } from './service-host';
import type { ServiceModule } from './service-module';

export interface StandaloneConfig {
  LOG_LEVEL: LogLevel;
  SANDBOX: boolean;
  DATA_DIR: string;
  DATABASE_URL?: string;
  KAFKA_BROKERS?: string[];
  OTEL_TRACES_EXPORTER: TracesExporter;
  SHUTDOWN_GRACE_MS: number;
  GRPC_DEADLINE_MS: number;
  GRPC_HOST: string;
  GRPC_PORT: number;
  HTTP_PORT: number;
  CALL_TOKEN_SIGNING_KEY: JWK;
  CALL_TOKEN_VERIFICATION_KEYS: JsonWebKeySet;
  STAFF_TOKEN_VERIFICATION_KEYS: JsonWebKeySet;
  [address: string]: unknown;
}

export function addressBookFrom(config: Record<string, unknown>): AddressBook {
  const book: AddressBook = {};
  for (const name of SERVICE_NAMES) {
    const value = config[addressVariable(name)];
    if (typeof value === 'string') book[name as ServiceName] = value;
  }
  return book;
}

/** Runs one service as its own process (distributed mode), until SIGTERM/SIGINT. */
export async function runStandalone<C>(module: ServiceModule<C>, config: StandaloneConfig & C): Promise<void> {
  initTelemetry({ exporter: config.OTEL_TRACES_EXPORTER, serviceName: module.name });
  collectProcessMetrics();
  refuseUnsharedStorage(module.name, config);
  const logger = createLogger(config.LOG_LEVEL, { app: module.name });
  const databases = chooseDatabase(config);
  const transport = chooseTransport(config, databases, module.name, logger);
  measureConsumerLag(transport);
  const callKeys = callKeysFrom(config);
  const signer = await CallTokenSigner.fromJwk(callKeys.signingKey, module.name);
  const clients = createServiceClients(addressBookFrom(config), { signer, deadlineMs: config.GRPC_DEADLINE_MS });
  const host = new ServiceHost(module, config, {
    callKeys,
    databases,
    transport,
    clock: chooseClock(config),
    logger,
    clients,
    sandbox: config.SANDBOX,
  });
  // Ready once it can serve its calls: a consumer group may wait a killed predecessor's session out first.
  await host.start({ host: config.GRPC_HOST, port: config.GRPC_PORT }, { awaitConsumerGroups: false });
  const health = await startHealthServer({ port: config.HTTP_PORT, ready: () => host.ready(), degradations: () => host.degradations() });
  logger.info('listening', { grpcPort: host.port, httpPort: health.port });
  // The health server stays up to the end: /readyz answers 503 from the first step on (host.ready() refuses once stopping).
  exitOnSignals(
    [
      ...host.stopSteps(),
      { name: 'service clients', run: () => clients.close() },
      { name: 'event transport', run: () => transport.close() },
      { name: 'database pool', run: () => databases.close() },
      { name: 'last spans', run: () => flushTelemetry() },
      { name: 'health server', run: () => health.close() },
    ],
    { graceMs: config.SHUTDOWN_GRACE_MS, logger },
  );
}
