import { webhookDispatcherService } from '@mp/webhook-dispatcher';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(webhookDispatcherService, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
