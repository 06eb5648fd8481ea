import type { Channel } from '../rules';

/**
 * What the carrier did with a message: its answer to each submission, and
 * each receipt. `submission_unavailable` is a transient answer (5xx, timeout)
 * the platform retries; `submission_invalid` is the carrier unable to read
 * the platform's request (an internal error, not retried).
 */
export type CarrierEventType =
  | 'submission_accepted'
  | 'submission_refused'
  | 'submission_unavailable'
  | 'submission_invalid'
  | 'receipt';

export interface CarrierEventRow {
  id: string;
  message_id: string;
  attempt_number: number;
  channel_type: Channel;
  type: CarrierEventType;
  carrier: string | null;
  carrier_message_id: string | null;
  raw_status: string;
  error_code: string | null;
  reason: string | null;
  detail: string | null;
  provider_event_id: string | null;
  occurred_at: Date;
  recorded_at: Date;
}

export type NewCarrierEvent = Omit<CarrierEventRow, 'id'>;
