import type { repliesV1 } from '@mp/contracts';

/** A row of `inbound_messages`. */
export interface InboundMessageRow {
  inbound_message_id: string;
  account_id: string;
  subaccount_id: string | null;
  channel_type: string;
  from_address: string;
  to_address: string;
  body: string;
  received_at: Date | string;
  keyword: string | null;
  in_reply_to_message_id: string | null;
  in_reply_to_client_reference: string | null;
  reply_option_key: string | null;
  reply_option_value: string | null;
  /** At or after the answered message's expiresAt (spec 3.2): it answers nothing. */
  after_expiry: boolean;
  /** The carrier it came through and the carrier's id for it: stored once per pair. Null on rows from before. */
  carrier: string | null;
  carrier_message_id: string | null;
  /** WhatsApp: the carrier id of the message it quotes. */
  context_carrier_message_id: string | null;
  created_at: Date | string;
}

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();
const opt = (value: string | null) => value ?? undefined;

export function toInboundMessage(row: InboundMessageRow): repliesV1.InboundMessage {
  return {
    inboundMessageId: row.inbound_message_id,
    accountId: row.account_id,
    subaccountId: opt(row.subaccount_id),
    channelType: row.channel_type,
    from: row.from_address,
    to: row.to_address,
    body: row.body,
    receivedAt: iso(row.received_at),
    keyword: opt(row.keyword),
    inReplyToMessageId: opt(row.in_reply_to_message_id),
    inReplyToClientReference: opt(row.in_reply_to_client_reference),
    replyOptionKey: opt(row.reply_option_key),
    replyOptionValue: opt(row.reply_option_value),
    afterExpiry: row.after_expiry === true,
  };
}
