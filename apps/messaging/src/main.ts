import { messagingService } from '@mp/messaging';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(messagingService, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
