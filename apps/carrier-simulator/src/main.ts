import { carrierSimulatorService } from '@mp/carrier-simulator';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(carrierSimulatorService, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
