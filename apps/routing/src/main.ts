import { redactSecretText } from '@mp/config';
import { routingService } from '@mp/routing';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(routingService, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
