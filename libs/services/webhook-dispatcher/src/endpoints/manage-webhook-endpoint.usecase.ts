import type { webhooksV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import type { WebhookDeps } from '../webhook-dispatcher-deps';
import { checkEndpointFields } from './endpoint-request.rules';
import { newSigningSecret } from './signing-secret';
import { toWebhookEndpoint, type WebhookEndpointRow } from './webhook-endpoint';
import { reachEndpoint } from './reach-endpoint';
import { deleteWebhookEndpoint as deleteRow, updateWebhookEndpoint as updateRow } from './webhook-endpoints.repository';

/** GET /v1/webhooks/{webhookId}. */
export async function getWebhookEndpoint(deps: WebhookDeps, principal: Principal, ref: webhooksV1.WebhookEndpointRef): Promise<webhooksV1.WebhookEndpoint> {
  return toWebhookEndpoint(await reachEndpoint(deps, principal, ref, 'read'));
}

/**
 * PUT /v1/webhooks/{webhookId} (spec 3.3): omitted fields keep their value.
 * `active: true` re-activates a deactivated endpoint and resets its count of
 * failed deliveries; deliveries still pending resume.
 */
export async function updateWebhookEndpoint(
  deps: WebhookDeps,
  principal: Principal,
  request: webhooksV1.UpdateWebhookEndpointRequest,
): Promise<webhooksV1.WebhookEndpoint> {
  const row = await reachEndpoint(deps, principal, request, 'change');
  const { subscribedEvents } = checkEndpointFields(
    { url: request.url, label: request.label, subscribedEvents: request.subscribedEvents },
    deps.policy,
  );
  const changes: Partial<WebhookEndpointRow> = { updated_at: deps.clock.now() };
  if (request.url !== undefined) changes.url = request.url;
  if (request.label !== undefined) changes.label = request.label;
  if (subscribedEvents !== undefined) changes.subscribed_events = subscribedEvents;
  if (request.active === true) Object.assign(changes, { active: true, consecutive_failures: 0, deactivated_at: null });
  if (request.active === false) changes.active = false;
  return toWebhookEndpoint(await updateRow(deps.db, row.id, changes));
}

/** DELETE /v1/webhooks/{webhookId}: the endpoint and its delivery log; pending deliveries are dropped. */
export async function deleteWebhookEndpoint(deps: WebhookDeps, principal: Principal, ref: webhooksV1.WebhookEndpointRef): Promise<void> {
  const row = await reachEndpoint(deps, principal, ref, 'change');
  await deleteRow(deps.db, row.id);
}

/** POST /v1/webhooks/{webhookId}/rotate-secret: every delivery signed from now on uses the new secret. */
export async function rotateWebhookSecret(
  deps: WebhookDeps,
  principal: Principal,
  ref: webhooksV1.WebhookEndpointRef,
): Promise<webhooksV1.WebhookEndpointWithSecret> {
  const row = await reachEndpoint(deps, principal, ref, 'change');
  const updated = await updateRow(deps.db, row.id, { signing_secret: newSigningSecret(), updated_at: deps.clock.now() });
  return { endpoint: toWebhookEndpoint(updated), signingSecret: updated.signing_secret! };
}

