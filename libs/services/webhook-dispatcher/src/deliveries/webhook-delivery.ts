import type { webhooksV1 } from '@mp/contracts';
import { iso } from '../endpoints/webhook-endpoint';

export type DeliveryStatus = 'Pending' | 'Succeeded' | 'Failed';
/** What made an attempt (spec issue 11: first, retry, test or replay). */
export type AttemptTrigger = 'first' | 'retry' | 'test' | 'replay';

/** One attempt as the delivery log keeps it (camelCase: it is stored as JSON). */
export interface AttemptRecord {
  number: number;
  trigger: AttemptTrigger;
  attemptedAt: string;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  succeeded: boolean;
}

/** A row of `webhook_deliveries`. */
export interface WebhookDeliveryRow {
  id: string;
  endpoint_id: string;
  account_id: string;
  event_id: string | null;
  event_type: string;
  message_id: string | null;
  payload: string;
  status: DeliveryStatus;
  attempts: AttemptRecord[] | string;
  automatic_attempts: number;
  next_attempt_at: Date | string | null;
  lease_until: Date | string | null;
  created_at: Date | string;
}

const attemptsOf = (row: WebhookDeliveryRow): AttemptRecord[] => (typeof row.attempts === 'string' ? JSON.parse(row.attempts) : row.attempts);

/** The delivery log's form of a delivery. */
export function toWebhookDelivery(row: WebhookDeliveryRow): webhooksV1.WebhookDelivery {
  return {
    deliveryLogId: row.id,
    webhookId: row.endpoint_id,
    eventType: row.event_type,
    messageId: row.message_id ?? undefined,
    status: row.status,
    attempts: attemptsOf(row).map((a) => ({
      number: a.number,
      trigger: a.trigger,
      attemptedAt: a.attemptedAt,
      statusCode: a.statusCode ?? undefined,
      error: a.error ?? undefined,
      durationMs: a.durationMs,
      succeeded: a.succeeded,
    })),
    nextAttemptAt: row.status === 'Pending' && row.next_attempt_at !== null ? iso(row.next_attempt_at) : undefined,
    createdAt: iso(row.created_at),
    payloadJson: row.payload,
  };
}
