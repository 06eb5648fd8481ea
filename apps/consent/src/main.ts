import { consentService } from '@mp/consent';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(consentService, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
