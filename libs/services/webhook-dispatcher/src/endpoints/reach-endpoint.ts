import type { webhooksV1 } from '@mp/contracts';
import { isUuid, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import type { WebhookDeps } from '../webhook-dispatcher-deps';
import type { WebhookEndpointRow } from './webhook-endpoint';
import { findWebhookEndpoint } from './webhook-endpoints.repository';
import { reachableEndpoint, reachWebhooks, type WebhookNeed } from './webhook-reach.rules';

/** The endpoint a route names, if the caller reaches it with this need (every /v1/webhooks/{webhookId}/... route). */
export async function reachEndpoint(
  deps: WebhookDeps,
  principal: Principal,
  ref: webhooksV1.WebhookEndpointRef,
  need: WebhookNeed,
): Promise<WebhookEndpointRow> {
  const reach = reachWebhooks(principal, ref.accountId, need);
  // Ids are UUIDs: anything else names no endpoint (and must not reach the database's uuid cast).
  if (!isUuid(ref.webhookId)) throw DomainError.notFound('Webhook');
  return reachableEndpoint(reach, await findWebhookEndpoint(deps.db, ref.webhookId));
}
