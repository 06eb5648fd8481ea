import { redactSecretText } from '@mp/config';
import { exitOnSignals } from '@mp/service-host';
import { collectProcessMetrics } from '@mp/telemetry';
import { loadPlatformConfig } from './config';
import { startPlatform } from './platform';

async function main() {
  const config = loadPlatformConfig();
  collectProcessMetrics();
  const platform = await startPlatform(config);
  const publicUrl = config.PUBLIC_BASE_URL === 'http://localhost:8080' ? `http://localhost:${platform.gateway.port}` : config.PUBLIC_BASE_URL;
  console.log(`Messaging platform is up (${config.SANDBOX ? 'sandbox' : 'live'} mode).`);
  console.log(`Gateway: ${publicUrl}`);
  console.log(`OpenAPI: ${publicUrl}/openapi/public.json`);
  exitOnSignals([{ name: 'platform', run: () => platform.stop() }], { graceMs: config.SHUTDOWN_GRACE_MS, logger: platform.adapters.logger });
}

main().catch((error: unknown) => {
  // A driver's message may carry a connection string: printed without its secrets.
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
