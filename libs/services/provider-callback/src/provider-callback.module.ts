import type { ServiceModule } from '@mp/service-host';
import { providerCallbackMigrations } from './migrations';
import type { ProviderCallbackConfig } from './provider-callback.config';
import { providerCallbackHandlers } from './provider-callback.handlers';

/** Callback ingress for carriers, the payment processor and the 10DLC registry. */
export const providerCallbackService: ServiceModule<ProviderCallbackConfig> = {
  name: 'provider-callback',
  migrations: providerCallbackMigrations,
  create({ config, db, outbox, clock, logger }) {
    return { grpc: [providerCallbackHandlers({ config, db, outbox, clock, logger }, logger)] };
  },
};
