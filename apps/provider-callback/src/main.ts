import { redactSecretText } from '@mp/config';
import { providerCallbackService } from '@mp/provider-callback';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(providerCallbackService, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
