import type { webhooksV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { WebhookDeps } from '../webhook-dispatcher-deps';
import { checkEndpointFields } from './endpoint-request.rules';
import { newEndpointRow, toWebhookEndpoint } from './webhook-endpoint';
import { insertWebhookEndpoint } from './webhook-endpoints.repository';
import { reachWebhooks } from './webhook-reach.rules';

/**
 * POST /v1/webhooks (spec 2.6, 4.6): a new active endpoint and its `whsec_`
 * secret, answered once. A caller limited to a subaccount creates endpoints
 * of that subaccount; a named subaccount must be one of the account's.
 */
export async function createWebhookEndpoint(
  deps: WebhookDeps,
  principal: Principal,
  request: webhooksV1.CreateWebhookEndpointRequest,
): Promise<webhooksV1.WebhookEndpointWithSecret> {
  const reach = reachWebhooks(principal, request.accountId, 'change', request.subaccountId);
  const { subscribedEvents } = checkEndpointFields(
    { url: request.url, label: request.label ?? '', subscribedEvents: request.subscribedEvents },
    deps.policy,
  );
  const subaccountId = reach.subaccountId ?? null;
  // A caller limited to the subaccount is known to belong to it; anyone else names one identity must confirm.
  if (subaccountId !== null && principal.subaccountId !== subaccountId) {
    await deps.clients.identity.getSendingStanding({ accountId: reach.accountId, subaccountId }, { principal });
  }
  const row = newEndpointRow(
    { account_id: reach.accountId, subaccount_id: subaccountId, kind: 'message', url: request.url, label: request.label ?? '', subscribed_events: subscribedEvents! },
    deps.clock.now(),
  );
  await insertWebhookEndpoint(deps.db, row);
  return { endpoint: toWebhookEndpoint(row), signingSecret: row.signing_secret! };
}
