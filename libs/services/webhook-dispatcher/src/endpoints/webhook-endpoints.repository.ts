import type { Knex } from 'knex';
import type { WebhookEndpointRow } from './webhook-endpoint';

export const WEBHOOK_ENDPOINTS = 'webhook_endpoints';

/** An account's message endpoints, newest first; only one subaccount's when `subaccountId` is given. */
export async function listWebhookEndpointsForAccount(db: Knex, accountId: string, subaccountId?: string): Promise<WebhookEndpointRow[]> {
  const q = db<WebhookEndpointRow>(WEBHOOK_ENDPOINTS).where({ account_id: accountId, kind: 'message' });
  if (subaccountId !== undefined) q.andWhere('subaccount_id', subaccountId);
  return q.orderBy([
    { column: 'created_at', order: 'desc' },
    { column: 'id', order: 'desc' },
  ]);
}

export async function findWebhookEndpoint(db: Knex, id: string): Promise<WebhookEndpointRow | undefined> {
  return db<WebhookEndpointRow>(WEBHOOK_ENDPOINTS).where({ id }).first();
}

export async function insertWebhookEndpoint(db: Knex, row: WebhookEndpointRow): Promise<void> {
  await db(WEBHOOK_ENDPOINTS).insert(row);
}

/** Writes the changed columns; answers the row as it now is. */
export async function updateWebhookEndpoint(db: Knex, id: string, changes: Partial<WebhookEndpointRow>): Promise<WebhookEndpointRow> {
  const [row] = await db<WebhookEndpointRow>(WEBHOOK_ENDPOINTS).where({ id }).update(changes).returning('*');
  return row as WebhookEndpointRow;
}

export async function deleteWebhookEndpoint(db: Knex, id: string): Promise<void> {
  await db(WEBHOOK_ENDPOINTS).where({ id }).delete();
}
