import type { webhooksV1 } from '@mp/contracts';
import { requirePrincipal, type AsyncHandlers } from '@mp/grpc';
import type { Knex } from 'knex';
import { listWebhookEndpoints } from './list-webhook-endpoints.usecase';

/** The WebhookDispatcherService gRPC handlers. */
export function webhookDispatcherHandlers(deps: { db: Knex }): AsyncHandlers<typeof webhooksV1.WebhookDispatcherServiceService> {
  return {
    listWebhookEndpoints: (request, ctx) => listWebhookEndpoints(deps.db, requirePrincipal(ctx), request),
  };
}
