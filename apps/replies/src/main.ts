import { redactSecretText } from '@mp/config';
import { repliesService } from '@mp/replies';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(repliesService, loadAppConfig()).catch((error: unknown) => {
  console.error(redactSecretText(error instanceof Error ? error.message : String(error)));
  process.exit(1);
});
