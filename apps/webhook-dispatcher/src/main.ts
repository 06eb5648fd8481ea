import { redactSecretText } from '@mp/config';
import { webhookDispatcherService } from '@mp/webhook-dispatcher';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(webhookDispatcherService, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
