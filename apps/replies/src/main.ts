import { repliesService } from '@mp/replies';
import { runStandalone } from '@mp/service-host';
import { loadAppConfig } from './config';

runStandalone(repliesService, loadAppConfig()).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
