import type { Knex } from 'knex';
import type { WebhookEndpointRow } from './webhook-endpoint';

export const WEBHOOK_ENDPOINTS = 'webhook_endpoints';

/** An account's endpoints, newest first; only one subaccount's when `subaccountId` is given. */
export async function listWebhookEndpointsForAccount(db: Knex, accountId: string, subaccountId?: string): Promise<WebhookEndpointRow[]> {
  const q = db<WebhookEndpointRow>(WEBHOOK_ENDPOINTS).where('account_id', accountId);
  if (subaccountId !== undefined) q.andWhere('subaccount_id', subaccountId);
  return q.orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}
