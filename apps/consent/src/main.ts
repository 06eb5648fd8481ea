import { redactSecretText } from '@mp/config';
import { consentService } from '@mp/consent';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(consentService, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
