import type { webhooksV1 } from '@mp/contracts';
import type { Principal } from '@mp/grpc';
import { addFieldError, decodeKeysetCursor, encodeKeysetCursor, INVALID_CURSOR, parsePageSize, throwIfInvalid, type FieldErrors } from '@mp/paging';
import { reachEndpoint } from '../endpoints/reach-endpoint';
import { iso } from '../endpoints/webhook-endpoint';
import type { WebhookDeps } from '../webhook-dispatcher-deps';
import { toWebhookDelivery } from './webhook-delivery';
import { listDeliveries } from './webhook-deliveries.repository';

/** A cursor belongs to one endpoint's log. */
const cursorScope = (webhookId: string) => `webhook-deliveries:v1|${webhookId}`;

/**
 * GET /v1/webhooks/{webhookId}/deliveries: the endpoint's deliveries, newest
 * first, each with its event, every attempt and the next one (cursor paged,
 * pageSize 1 to 200, default 50).
 */
export async function listWebhookDeliveries(
  deps: WebhookDeps,
  principal: Principal,
  request: webhooksV1.ListWebhookDeliveriesRequest,
): Promise<webhooksV1.ListWebhookDeliveriesResponse> {
  const endpoint = await reachEndpoint(deps, principal, request, 'read');
  const errors: FieldErrors = {};
  const pageSize = parsePageSize(request.pageSize, errors);
  const scope = cursorScope(endpoint.id);
  const after = request.cursor ? decodeKeysetCursor(scope, request.cursor) : undefined;
  if (request.cursor && !after) addFieldError(errors, 'cursor', INVALID_CURSOR);
  throwIfInvalid(errors);
  const rows = await listDeliveries(deps.db, endpoint.id, { limit: pageSize + 1, after: after && { createdAt: after.at, id: after.id } });
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    items: page.map(toWebhookDelivery),
    nextCursor: rows.length > pageSize ? encodeKeysetCursor(scope, { at: iso(last.created_at), id: last.id }) : undefined,
  };
}
