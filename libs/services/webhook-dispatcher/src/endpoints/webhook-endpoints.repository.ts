import type { Knex } from 'knex';
import type { WebhookEndpointRow } from './webhook-endpoint';

export const WEBHOOK_ENDPOINTS = 'webhook_endpoints';

/** The key of an account's endpoints of one kind, as audiencesWithActiveEndpoints answers it. */
export const audienceKey = (accountId: string, kind: WebhookEndpointRow['kind']) => `${kind}:${accountId}`;

/** Which of these (account, kind) pairs have an active endpoint (audienceKey): one read for a run of events. */
export async function audiencesWithActiveEndpoints(db: Knex, audiences: ReadonlyArray<readonly [string, WebhookEndpointRow['kind']]>): Promise<Set<string>> {
  if (audiences.length === 0) return new Set();
  const rows = await db(WEBHOOK_ENDPOINTS)
    .where('active', true)
    .whereIn(['account_id', 'kind'], audiences as Array<[string, string]>)
    .distinct<Array<{ account_id: string; kind: WebhookEndpointRow['kind'] }>>('account_id', 'kind');
  return new Set(rows.map((row) => audienceKey(row.account_id, row.kind)));
}

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
