import { redactSecretText } from '@mp/config';
import { identityService } from '@mp/identity';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(identityService, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
