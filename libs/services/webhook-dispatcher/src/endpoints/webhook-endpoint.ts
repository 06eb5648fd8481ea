import { randomUUID } from 'node:crypto';
import type { webhooksV1 } from '@mp/contracts';
import { newSigningSecret } from './signing-secret';

/** A row of `webhook_endpoints`: a customer's message endpoint, or (kind `billing`) the account's billing webhook. */
export interface WebhookEndpointRow {
  id: string;
  account_id: string;
  subaccount_id: string | null;
  kind: 'message' | 'billing';
  url: string;
  label: string;
  subscribed_events: string;
  active: boolean;
  signing_secret: string | null;
  consecutive_failures: number;
  deactivated_at: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The public form; the signing secret never leaves except on create and rotate. */
export function toWebhookEndpoint(row: WebhookEndpointRow): webhooksV1.WebhookEndpoint {
  return {
    webhookId: row.id,
    accountId: row.account_id,
    subaccountId: row.subaccount_id ?? undefined,
    url: row.url,
    label: row.label,
    subscribedEvents: row.subscribed_events,
    active: row.active,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    consecutiveFailures: row.consecutive_failures,
    deactivatedAt: row.deactivated_at === null ? undefined : iso(row.deactivated_at),
  };
}

/** A new active endpoint with a fresh `whsec_` secret and no failures. */
export function newEndpointRow(
  fields: Pick<WebhookEndpointRow, 'account_id' | 'subaccount_id' | 'kind' | 'url' | 'label' | 'subscribed_events'>,
  now: Date,
): WebhookEndpointRow {
  return {
    id: randomUUID(),
    ...fields,
    active: true,
    signing_secret: newSigningSecret(),
    consecutive_failures: 0,
    deactivated_at: null,
    created_at: now,
    updated_at: now,
  };
}
