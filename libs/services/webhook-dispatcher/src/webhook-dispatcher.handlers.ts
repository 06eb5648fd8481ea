import type { webhooksV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import {
  disableBillingWebhook,
  enableBillingWebhook,
  getBillingWebhookConfig,
  regenerateBillingWebhookSecret,
} from './billing/billing-webhook.usecase';
import { listWebhookDeliveries } from './deliveries/list-webhook-deliveries.usecase';
import { replayWebhookDelivery, sendTestEvent } from './deliveries/test-and-replay.usecase';
import { createWebhookEndpoint } from './endpoints/create-webhook-endpoint.usecase';
import { listWebhookEndpoints } from './endpoints/list-webhook-endpoints.usecase';
import { deleteWebhookEndpoint, getWebhookEndpoint, rotateWebhookSecret, updateWebhookEndpoint } from './endpoints/manage-webhook-endpoint.usecase';
import type { WebhookDeps } from './webhook-dispatcher-deps';

/** The WebhookDispatcherService gRPC handlers. */
export function webhookDispatcherHandlers(deps: WebhookDeps): AsyncHandlers<typeof webhooksV1.WebhookDispatcherServiceService> {
  return {
    createWebhookEndpoint: (request, ctx) => createWebhookEndpoint(deps, requirePrincipal(ctx), request),
    listWebhookEndpoints: (request, ctx) => listWebhookEndpoints(deps.db, requirePrincipal(ctx), request),
    getWebhookEndpoint: (request, ctx) => getWebhookEndpoint(deps, requirePrincipal(ctx), request),
    updateWebhookEndpoint: (request, ctx) => updateWebhookEndpoint(deps, requirePrincipal(ctx), request),
    deleteWebhookEndpoint: async (request, ctx) => {
      await deleteWebhookEndpoint(deps, requirePrincipal(ctx), request);
      return {};
    },
    rotateWebhookSecret: (request, ctx) => rotateWebhookSecret(deps, requirePrincipal(ctx), request),
    sendTestEvent: (request, ctx) => sendTestEvent(deps, requirePrincipal(ctx), request),
    listWebhookDeliveries: (request, ctx) => listWebhookDeliveries(deps, requirePrincipal(ctx), request),
    replayWebhookDelivery: (request, ctx) => replayWebhookDelivery(deps, requirePrincipal(ctx), request),
    getBillingWebhookConfig: (request, ctx) => getBillingWebhookConfig(deps, requirePrincipal(ctx), request),
    enableBillingWebhook: (request, ctx) => enableBillingWebhook(deps, requirePrincipal(ctx), request),
    disableBillingWebhook: (request, ctx) => disableBillingWebhook(deps, requirePrincipal(ctx), request),
    regenerateBillingWebhookSecret: (request, ctx) => regenerateBillingWebhookSecret(deps, requirePrincipal(ctx), request),
  };
}
