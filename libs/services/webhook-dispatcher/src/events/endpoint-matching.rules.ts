import { subscribesTo } from '../endpoints/subscribed-events.rules';
import type { WebhookEndpointRow } from '../endpoints/webhook-endpoint';
import type { WebhookEvent } from './webhook-event';

/**
 * Whether an active endpoint gets an event (spec 2.6, 6.1): it subscribes to
 * the event's type (or its group); an account-level endpoint gets every
 * event of the account; a subaccount's endpoint gets that subaccount's events
 * and those of no subaccount, except `accountLevelOnly` consent events, which
 * are for account-level endpoints only.
 */
export function endpointReceives(endpoint: Pick<WebhookEndpointRow, 'subaccount_id' | 'subscribed_events' | 'kind'>, event: WebhookEvent): boolean {
  if (event.audience === 'billing') return endpoint.kind === 'billing';
  if (endpoint.kind !== 'message' || !subscribesTo(endpoint.subscribed_events, event.eventType)) return false;
  if (endpoint.subaccount_id === null) return true;
  if (event.accountLevelOnly) return false;
  return event.subaccountId === null || event.subaccountId === endpoint.subaccount_id;
}
