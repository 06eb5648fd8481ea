import { redactSecretText } from '@mp/config';
import { carrierSimulatorService } from '@mp/carrier-simulator';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(carrierSimulatorService, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
