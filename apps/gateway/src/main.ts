import { startGateway } from '@mp/gateway';
import { CallTokenSigner } from '@mp/grpc';
import { addressBookFrom, chooseClock, createServiceClients } from '@mp/service-host';
import { createLogger, initTelemetry } from '@mp/telemetry';
import { loadAppConfig } from './config';

async function main() {
  const config = loadAppConfig();
  initTelemetry({ exporter: config.OTEL_TRACES_EXPORTER });
  const logger = createLogger(config.LOG_LEVEL, { app: 'gateway' });
  // Every call names its caller in a token signed for the service it goes to.
  const signer = await CallTokenSigner.fromJwk(config.CALL_TOKEN_SIGNING_KEY, 'gateway');
  const clients = createServiceClients(addressBookFrom(config), { signer, deadlineMs: config.GRPC_DEADLINE_MS });
  const gateway = await startGateway({ config, clients, clock: chooseClock(config), logger });
  logger.info('gateway listening', { url: config.PUBLIC_BASE_URL, port: gateway.port });
  const stop = async () => {
    await gateway.stop();
    clients.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
