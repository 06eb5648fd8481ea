import type { ReplyOptionCopy } from './reply-option-copy';

/** A row of `sent_messages`: a message that reached a carrier, as replies knows it. */
export interface SentMessageRow {
  message_id: string;
  account_id: string;
  subaccount_id: string | null;
  destination: string;
  client_reference: string | null;
  expires_at: Date | string | null;
  /** The options the message offered (a copy taken at send); empty for none. */
  reply_options: ReplyOptionCopy[];
  recorded_at: Date | string;
}

/** A row of `message_dispatches`: one channel attempt the carrier accepted. */
export interface MessageDispatchRow {
  message_id: string;
  attempt: number;
  channel_type: string;
  from_address: string;
  carrier_message_id: string | null;
  dispatched_at: Date | string;
}
