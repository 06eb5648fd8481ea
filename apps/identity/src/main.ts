import { identityService } from '@mp/identity';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(identityService, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
