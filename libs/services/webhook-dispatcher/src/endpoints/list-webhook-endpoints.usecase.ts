import type { webhooksV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { Knex } from 'knex';
import { toWebhookEndpoint } from './webhook-endpoint';
import { listWebhookEndpointsForAccount } from './webhook-endpoints.repository';
import { reachWebhooks } from './webhook-reach.rules';

/**
 * GET /v1/webhooks (spec 4.6): the caller's account's endpoints, newest
 * first. A caller limited to a subaccount sees that subaccount's endpoints.
 */
export async function listWebhookEndpoints(
  db: Knex,
  principal: Principal,
  request: webhooksV1.ListWebhookEndpointsRequest,
): Promise<webhooksV1.ListWebhookEndpointsResponse> {
  const { accountId, subaccountId } = reachWebhooks(principal, request.accountId, 'read');
  const rows = await listWebhookEndpointsForAccount(db, accountId, subaccountId);
  return { items: rows.map(toWebhookEndpoint) };
}
