import { webhooksV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import type { ServiceModule } from '@mp/service-host';
import { WebhookPoster } from './delivery/outbound/webhook-poster';
import { DeliveryDispatcher } from './deliveries/delivery-dispatcher';
import { WebhookSender } from './deliveries/webhook-sender';
import { eventFanOutConsumer } from './events/event-fan-out.consumer';
import { webhookDispatcherMigrations } from './migrations';
import { webhookDispatcherAccess } from './webhook-dispatcher.access';
import type { WebhookDispatcherConfig } from './webhook-dispatcher.config';
import { webhookDispatcherHandlers } from './webhook-dispatcher.handlers';

/**
 * Customer webhooks (spec 2.6, 3.3, 4.6, 6): endpoints and their secrets,
 * one delivery per event and matching endpoint (created as the event is
 * consumed), signed attempts with retries on the platform clock, deactivation
 * after 50 failed deliveries, the delivery log, test and replay, and the
 * billing webhook subscription. Deliveries never connect to an internal
 * address unless WEBHOOK_ALLOW_PRIVATE_NETWORKS is set (tests).
 */
export const webhookDispatcherService: ServiceModule<WebhookDispatcherConfig> = {
  name: 'webhook-dispatcher',
  migrations: webhookDispatcherMigrations,
  create({ config, db, outbox, clock, logger, clients }) {
    const policy = { allowPrivateNetworks: config.WEBHOOK_ALLOW_PRIVATE_NETWORKS };
    // Sockets per origin above the per-endpoint limit: an attempt never waits for a socket behind its own deadline.
    const poster = new WebhookPoster({ allowPrivateNetworks: policy.allowPrivateNetworks, maxSocketsPerOrigin: 32 });
    const sender = new WebhookSender(poster, clock);
    const dispatcher = new DeliveryDispatcher({ db, clock, outbox, sender, logger }, { maxInFlight: config.WEBHOOK_MAX_IN_FLIGHT, perEndpoint: 16 });
    // `clients` is passed whole: identity's client is created (and its address needed) on first use.
    const handlers = webhookDispatcherHandlers({ db, outbox, clock, clients, policy, sender });
    return {
      grpc: [implementService(webhooksV1.WebhookDispatcherServiceService, handlers, logger, webhookDispatcherAccess)],
      consumers: [eventFanOutConsumer({ db, clock, logger, wake: () => config.WEBHOOK_DELIVERY_ENABLED && dispatcher.kick() })],
      jobs: config.WEBHOOK_DELIVERY_ENABLED ? [dispatcher.job] : [],
      start: async () => {
        if (config.WEBHOOK_DELIVERY_ENABLED) dispatcher.start();
        else logger.info('webhook delivery is paused (WEBHOOK_DELIVERY_ENABLED=false): deliveries stay pending');
      },
      stop: () => dispatcher.stop(),
    };
  },
};
