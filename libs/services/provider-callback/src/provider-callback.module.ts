import type { ServiceModule } from '@mp/service-host';
import { createCallbackIngressApp } from './callback-ingress/callback-ingress.app';
import type { CallbackIngressConfig } from './callback-ingress/callback-ingress.config';
import { listenCallbackIngress, type RunningCallbackIngress } from './callback-ingress/callback-ingress.server';
import { ingestCallback } from './ingest/ingest-callback.usecase';
import { providerCallbackMigrations } from './migrations';
import type { ProviderCallbackConfig } from './provider-callback.config';
import { providerCallbackHandlers } from './provider-callback.handlers';

/** The standalone app adds the callback ingress variables; the all-in-one process has none (the gateway serves callbacks there). */
export type ProviderCallbackHostConfig = ProviderCallbackConfig & Partial<CallbackIngressConfig>;

/** Callback ingress for carriers, the payment processor and the 10DLC registry. */
export const providerCallbackService: ServiceModule<ProviderCallbackHostConfig> = {
  name: 'provider-callback',
  migrations: providerCallbackMigrations,
  create({ config, db, outbox, clock, logger, clients }) {
    const deps = { config, db, outbox, clock, logger, clients };
    const port = config.CALLBACK_HTTP_PORT;
    if (port === undefined) return { grpc: [providerCallbackHandlers(deps, logger)] };

    // Over HTTP the same use case as over gRPC: one ingest path.
    const app = createCallbackIngressApp({ ingest: (input) => ingestCallback(deps, input), publicBaseUrl: config.PUBLIC_BASE_URL ?? 'http://localhost:8080', logger });
    let ingress: RunningCallbackIngress | undefined;
    return {
      grpc: [providerCallbackHandlers(deps, logger)],
      async start() {
        ingress = await listenCallbackIngress(app, config.CALLBACK_HTTP_HOST ?? '0.0.0.0', port);
        logger.info('callback ingress listening', { callbackPort: ingress.port });
      },
      async ready() {
        if (!ingress) throw new Error('the callback ingress is not listening');
      },
      async stop() {
        await ingress?.close();
        ingress = undefined;
      },
    };
  },
};
