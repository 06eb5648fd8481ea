import type { webhooksV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { ListWebhookEndpointsUseCase } from './list-webhook-endpoints.usecase';

/** The WebhookDispatcherService gRPC handlers. */
export function webhookDispatcherHandlers(deps: {
  listWebhookEndpoints: ListWebhookEndpointsUseCase;
}): AsyncHandlers<typeof webhooksV1.WebhookDispatcherServiceService> {
  return {
    listWebhookEndpoints: (request, ctx) => deps.listWebhookEndpoints.execute(requirePrincipal(ctx), request),
  };
}
