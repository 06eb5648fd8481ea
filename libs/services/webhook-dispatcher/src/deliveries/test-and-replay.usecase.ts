import { randomUUID } from 'node:crypto';
import type { webhooksV1 } from '@mp/contracts';
import { isUuid, type Principal } from '@mp/grpc';
import { DomainError } from '@mp/problems';
import { reachEndpoint } from '../endpoints/reach-endpoint';
import type { WebhookEndpointRow } from '../endpoints/webhook-endpoint';
import type { WebhookDeps } from '../webhook-dispatcher-deps';
import { toWebhookDelivery, type AttemptTrigger, type DeliveryStatus } from './webhook-delivery';
import { findDelivery, insertDeliveries, recordAttempts } from './webhook-deliveries.repository';

export const TEST_EVENT_TYPE = 'WebhookTest';

/**
 * POST /v1/webhooks/{webhookId}/test: a `WebhookTest` event, signed like any
 * other, attempted once before the call answers (also on a deactivated
 * endpoint, to check it before re-activating). Test and replay attempts do
 * not count toward deactivation.
 */
export async function sendTestEvent(deps: WebhookDeps, principal: Principal, ref: webhooksV1.WebhookEndpointRef): Promise<webhooksV1.WebhookDelivery> {
  const endpoint = await reachEndpoint(deps, principal, ref, 'change');
  const now = deps.clock.now();
  const id = randomUUID();
  const payload = JSON.stringify({
    eventType: TEST_EVENT_TYPE,
    timestamp: now.toISOString(),
    accountId: endpoint.account_id,
    subaccountId: endpoint.subaccount_id,
    messageId: null,
    data: { webhookId: endpoint.id, description: 'A test event sent from the webhook endpoint test route.' },
  });
  await insertDeliveries(deps.db, [
    { id, endpoint_id: endpoint.id, account_id: endpoint.account_id, event_id: null, event_type: TEST_EVENT_TYPE, message_id: null, payload, next_attempt_at: null, created_at: now },
  ]);
  return attemptNow(deps, endpoint, id, payload, 'test', (succeeded) => (succeeded ? 'Succeeded' : 'Failed'));
}

/**
 * POST /v1/webhooks/{webhookId}/deliveries/{deliveryLogId}/replay: the same
 * body and X-Webhook-Id, signed afresh with the current secret. A success
 * settles the delivery (pending retries stop); a failure leaves its status.
 */
export async function replayWebhookDelivery(
  deps: WebhookDeps,
  principal: Principal,
  request: webhooksV1.ReplayWebhookDeliveryRequest,
): Promise<webhooksV1.WebhookDelivery> {
  const endpoint = await reachEndpoint(deps, principal, request, 'change');
  const delivery = isUuid(request.deliveryLogId) ? await findDelivery(deps.db, request.deliveryLogId) : undefined;
  if (!delivery || delivery.endpoint_id !== endpoint.id) throw DomainError.notFound('Delivery');
  return attemptNow(deps, endpoint, delivery.id, delivery.payload, 'replay', (succeeded) => (succeeded ? 'Succeeded' : delivery.status));
}

async function attemptNow(
  deps: WebhookDeps,
  endpoint: WebhookEndpointRow,
  deliveryId: string,
  payload: string,
  trigger: AttemptTrigger,
  statusAfter: (succeeded: boolean) => DeliveryStatus,
): Promise<webhooksV1.WebhookDelivery> {
  const { record } = await deps.sender.attempt({ deliveryId, payload, url: endpoint.url, signingSecret: endpoint.signing_secret!, kind: endpoint.kind });
  await recordAttempts(deps.db, [
    { deliveryId, endpointId: endpoint.id, trigger, attempt: record, status: statusAfter(record.succeeded), automatic: false, nextAttemptAt: null },
  ]);
  return toWebhookDelivery((await findDelivery(deps.db, deliveryId))!);
}
