import { providerCallbackService } from '@mp/provider-callback';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(providerCallbackService, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
