import { tendlcV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import type { ServiceModule } from '@mp/service-host';
import { tenDlcHandlers } from './brands/brands.handlers';
import { tenDlcMigrations } from './migrations';
import { unavailableRegistry } from './registry/brand-registry';
import { PostRegistryCallbacksJob } from './registry/sandbox/post-registry-callbacks.job';
import { sandboxRegistry } from './registry/sandbox/sandbox-registry';
import { registryEventsConsumer } from './status-updates/registry-events.consumer';
import { tenDlcAccess } from './tendlc.access';
import { SANDBOX_REGISTRY_DEFAULTS, type TenDlcConfig } from './tendlc.config';

/**
 * 10DLC brand registration (spec 4.8): brands checked field by field against
 * their entity type, stored and submitted to the registry; their identity
 * status follows the registry's signed callbacks (registry.events). In
 * sandbox the registry is simulated: it answers every brand after
 * SANDBOX_VERDICT_DELAY_SECONDS on the sandbox clock with a signed callback
 * to the gateway's POST /v1/webhooks/tcr.
 */
export const tenDlcService: ServiceModule<TenDlcConfig> = {
  name: 'tendlc',
  migrations: tenDlcMigrations,
  create({ config, db, clock, logger, sandbox }) {
    const registry = sandbox ? sandboxRegistry : unavailableRegistry;
    const handlers = tenDlcHandlers({ db, clock, registry, logger });
    const jobs = sandbox
      ? [
          new PostRegistryCallbacksJob(
            db,
            clock,
            {
              // Read per pass: the all-in-one process supplies the gateway's address once it is bound.
              baseUrl: () => config.REGISTRY_CALLBACK_URL ?? SANDBOX_REGISTRY_DEFAULTS.REGISTRY_CALLBACK_URL,
              secret: config.CALLBACK_SECRET_TCR ?? SANDBOX_REGISTRY_DEFAULTS.CALLBACK_SECRET_TCR,
            },
            logger,
          ),
        ]
      : [];
    return {
      grpc: [implementService(tendlcV1.TenDlcServiceService, handlers, logger, tenDlcAccess)],
      consumers: [registryEventsConsumer({ clock, logger })],
      jobs,
    };
  },
};
