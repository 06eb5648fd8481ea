import { tenDlcService } from '@mp/tendlc';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(tenDlcService, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
