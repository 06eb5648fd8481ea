import type { Channel, SmsEncoding } from '../rules';
import type { StoredReplyOption, WhatsAppTemplateSend } from '../templates/template.types';

/** Spec 3.1, lowercase as in the responses (DECISIONS "Messages"). */
export type MessageStatus =
  | 'scheduled'
  | 'queued'
  | 'dispatched'
  | 'delivered'
  | 'undelivered'
  | 'failed'
  | 'canceled'
  | 'expired';

export type MessageType = 'Transactional' | 'Marketing';
export type Priority = 'Normal' | 'Urgent';
export type ReplyStatus = 'None' | 'Awaiting' | 'Answered' | 'Expired';
export type ChannelAttemptStatus = 'dispatched' | 'delivered' | 'undelivered' | 'failed';

/** Timestamps come back as Date from both pg and PGlite; written as Date. */
export interface MessageRow {
  id: string;
  account_id: string;
  subaccount_id: string | null;
  channel_type: Channel;
  destination: string;
  body: string | null;
  template_id: string | null;
  template_parameters: Record<string, string> | null;
  message_type: MessageType;
  priority: Priority;
  actor: string | null;
  client_reference: string | null;
  external_id: string | null;
  idempotency_key: string | null;
  status: MessageStatus;
  reply_status: ReplyStatus;
  /** The options the message offers: a copy of its template's, taken at send; null for none. */
  reply_options: StoredReplyOption[] | null;
  reply_option_key: string | null;
  reply_option_value: string | null;
  answered_at: Date | null;
  segment_count: number;
  encoding: SmsEncoding;
  character_count: number;
  /** numeric: pg hands it back as a string. */
  estimated_cost: string | number;
  send_at: Date | null;
  expires_at: Date | null;
  next_attempt_at: Date;
  attempts: number;
  deferrals: number;
  channel_attempt: number;
  claimed_until: Date | null;
  claim_token: string | null;
  last_error: string | null;
  failure_reason: string | null;
  /** Fallback (spec 3.1): channels still to try after the current one, comma-separated; '' for none. */
  route_remaining: string;
  receipt_timeout_seconds: number;
  fallback_on_delivery_failure: boolean;
  /** When the current attempt falls back for want of a final receipt; null when it will not. */
  fallback_due_at: Date | null;
  /**
   * The approved WhatsApp template a WhatsApp message goes out as, taken from its template at send
   * (a template edited later changes nothing for it); null or absent: its text.
   */
  whatsapp_template?: WhatsAppTemplateSend | null;
  /** The inbound message it answers, and the carrier's id its WhatsApp attempt quotes; absent or null: none. */
  in_reply_to_inbound_message_id?: string | null;
  quoted_carrier_message_id?: string | null;
  /** The send's trace (W3C traceparent), continued by its dispatch; absent before it was kept. */
  traceparent?: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface ChannelAttemptRow {
  id: string;
  message_id: string;
  attempt_number: number;
  channel_type: Channel;
  from_address: string | null;
  number_id: string | null;
  carrier_message_id: string | null;
  status: ChannelAttemptStatus;
  cost: string | number | null;
  failure_reason: string | null;
  attempted_at: Date;
  completed_at: Date | null;
}

export interface AuditRow {
  id: string;
  message_id: string;
  at: Date;
  event: string;
  from_status: MessageStatus | null;
  to_status: MessageStatus | null;
  detail: string | null;
}

export type NewAuditEntry = Omit<AuditRow, 'id'>;
export type NewChannelAttempt = Omit<ChannelAttemptRow, 'id'>;
