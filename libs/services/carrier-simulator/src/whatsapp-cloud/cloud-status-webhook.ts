import type { CallbackForm } from '../callbacks/post-callbacks.job';
import type { ReceiptRow } from '../receipts/carrier-receipts.repository';
import type { CloudApiSettings } from './cloud-api-settings';
import { webhookError } from './cloud-errors';
import { isCloudMessageId, recipientOfReference } from './cloud-ids';
import { metaJson, metaSignatureHeaders, metaWebhook, metaWebhookUrl, unixSeconds } from './meta-webhook';

/** The error code of an undelivered send's `failed` status: Meta's "Message undeliverable". */
export const UNDELIVERABLE_CODE = 131026;

/** Statuses per webhook: Meta batches updates (up to 1 000 per POST); the fake posts those due together. */
export const STATUSES_PER_WEBHOOK = 100;

// Meta's own order for one message: `sent` before what follows it.
const ORDER: Record<string, number> = { sent: 0, delivered: 1, undelivered: 1 };

/** One `statuses[]` item for a receipt of a Cloud API send: `sent`, `delivered`, or `failed` with Meta's error. */
export function cloudStatus(row: ReceiptRow): Record<string, unknown> {
  const common = { id: row.carrier_message_id, timestamp: unixSeconds(row.occurred_at), recipient_id: recipientOfReference(row.reference) };
  if (row.status === 'undelivered') return { ...common, status: 'failed', errors: [webhookError(UNDELIVERABLE_CODE)] };
  return { ...common, status: row.status };
}

/**
 * The fake's receipts as Meta's status webhooks (CARRIERS.md 2.3): the
 * receipts of its sends (their wamids are its own), due together, in one
 * signed `statuses` webhook to the connection's callback route, oldest first.
 */
export function cloudStatusWebhook(settings: () => CloudApiSettings): CallbackForm<ReceiptRow> {
  return {
    takes: (row) => isCloudMessageId(row.carrier_message_id),
    url: (base) => metaWebhookUrl(base, settings().connectionName),
    body: (rows) => {
      const sorted = [...rows].sort((a, b) => new Date(a.occurred_at).getTime() - new Date(b.occurred_at).getTime() || ORDER[a.status] - ORDER[b.status]);
      const s = settings();
      return metaJson(metaWebhook(s, s.displayNumber, { statuses: sorted.map(cloudStatus) }));
    },
    headers: (body) => metaSignatureHeaders(settings().appSecret, body),
    perPost: STATUSES_PER_WEBHOOK,
  };
}
