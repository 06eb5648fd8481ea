import { routingService } from '@mp/routing';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(routingService, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
