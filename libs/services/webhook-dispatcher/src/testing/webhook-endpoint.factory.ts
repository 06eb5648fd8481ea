import { randomUUID } from 'node:crypto';
import type { WebhookEndpointRow } from '../endpoints/webhook-endpoint';

/** A `webhook_endpoints` row; creation through the API comes later, so tests seed rows. */
export function webhookEndpointRow(
  overrides: Partial<WebhookEndpointRow> & Pick<WebhookEndpointRow, 'account_id' | 'created_at'>,
): WebhookEndpointRow {
  return {
    id: randomUUID(),
    subaccount_id: null,
    url: 'https://hooks.example.com/messages',
    label: 'main',
    subscribed_events: 'MessageDelivered,MessageFailed',
    active: true,
    signing_secret: 'whsec_test',
    kind: 'message',
    consecutive_failures: 0,
    deactivated_at: null,
    updated_at: overrides.created_at,
    ...overrides,
  };
}
