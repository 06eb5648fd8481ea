import { redactSecretText } from '@mp/config';
import { messagingService } from '@mp/messaging';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(messagingService, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
