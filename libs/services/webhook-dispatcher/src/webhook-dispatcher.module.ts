import { webhooksV1 } from '@mp/contracts';
import { implementService } from '@mp/grpc';
import { webhookDispatcherAccess } from './webhook-dispatcher.access';
import type { ServiceModule } from '@mp/service-host';
import { webhookDispatcherHandlers } from './endpoints/webhook-endpoints.handlers';
import { webhookDispatcherMigrations } from './migrations';
import type { WebhookDispatcherConfig } from './webhook-dispatcher.config';

/** Customer webhook endpoints and signed event deliveries (spec 2.6, 3.3, 4.6, 6). */
export const webhookDispatcherService: ServiceModule<WebhookDispatcherConfig> = {
  name: 'webhook-dispatcher',
  migrations: webhookDispatcherMigrations,
  create({ db, logger }) {
    const handlers = webhookDispatcherHandlers({ db });
    return { grpc: [implementService(webhooksV1.WebhookDispatcherServiceService, handlers, logger, webhookDispatcherAccess)] };
  },
};
