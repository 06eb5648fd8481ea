import { redactSecretText } from '@mp/config';
import { tenDlcService } from '@mp/tendlc';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(tenDlcService, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
