import { carrierConnectionsOf } from '@mp/carrier-connections';
import type { ServiceModule } from '@mp/service-host';
import { createCallbackIngressApp } from './callback-ingress/callback-ingress.app';
import type { CallbackIngressConfig } from './callback-ingress/callback-ingress.config';
import { listenCallbackIngress, type RunningCallbackIngress } from './callback-ingress/callback-ingress.server';
import { carrierCallbackHandler } from './connection-callbacks/handle-carrier-callback.usecase';
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
    // Read once: a bad connection stops start-up with every problem named, as in messaging.
    const carrierCallback = carrierCallbackHandler(deps, carrierConnectionsOf(config) ?? []);
    const grpc = [providerCallbackHandlers(deps, logger, carrierCallback)];
    const port = config.CALLBACK_HTTP_PORT;
    if (port === undefined) return { grpc };

    // Over HTTP the same use cases as over gRPC: one ingest path.
    const app = createCallbackIngressApp({
      ingest: (input) => ingestCallback(deps, input),
      carrierCallback,
      publicBaseUrl: config.PUBLIC_BASE_URL ?? 'http://localhost:8080',
      logger,
    });
    let ingress: RunningCallbackIngress | undefined;
    return {
      grpc,
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
