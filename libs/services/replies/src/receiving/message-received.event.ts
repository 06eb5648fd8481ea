import { repliesEvents, TOPICS } from '@mp/contracts';
import type { InboundMessageRow } from '../inbound-messages/inbound-message';

const iso = (value: Date | string) => (value instanceof Date ? value : new Date(value)).toISOString();

/** The MessageReceived of a stored reply, as the proto type. */
export function messageReceivedOf(row: InboundMessageRow, reply: repliesEvents.ReplyMatch | undefined): repliesEvents.MessageReceived {
  return {
    inboundMessageId: row.inbound_message_id,
    accountId: row.account_id,
    subaccountId: row.subaccount_id ?? undefined,
    channelType: row.channel_type,
    from: row.from_address,
    to: row.to_address,
    body: row.body,
    receivedAt: iso(row.received_at),
    keyword: row.keyword ?? undefined,
    inReplyTo: row.in_reply_to_message_id
      ? { messageId: row.in_reply_to_message_id, clientReference: row.in_reply_to_client_reference ?? undefined }
      : undefined,
    reply,
    afterExpiry: row.after_expiry,
  };
}

/**
 * The payload in proto JSON field names with every field spelled out, as
 * the webhook's `data` has them (spec 6.2): null for no subaccount, keyword,
 * inReplyTo (or its clientReference) or reply, `matched` and `afterExpiry`
 * even when false. proto's toJSON would leave those defaults out (`reply:
 * {}` for no match); MessageReceived.fromJSON reads this back unchanged.
 */
export function messageReceivedPayload(message: repliesEvents.MessageReceived): Record<keyof repliesEvents.MessageReceived, unknown> {
  const { reply, inReplyTo } = message;
  return {
    inboundMessageId: message.inboundMessageId,
    accountId: message.accountId,
    subaccountId: message.subaccountId ?? null,
    channelType: message.channelType,
    from: message.from,
    to: message.to,
    body: message.body,
    receivedAt: message.receivedAt,
    keyword: message.keyword ?? null,
    inReplyTo: inReplyTo ? { messageId: inReplyTo.messageId, clientReference: inReplyTo.clientReference ?? null } : null,
    reply: reply ? (reply.matched ? { matched: true, key: reply.key, value: reply.value } : { matched: false }) : null,
    afterExpiry: message.afterExpiry,
  };
}

/**
 * The outbox entry for a stored reply: MessageReceived on the replies topic,
 * keyed by the sender so one person's replies stay in order.
 */
export function messageReceivedEvent(row: InboundMessageRow, reply: repliesEvents.ReplyMatch | undefined) {
  return {
    topic: TOPICS.replies,
    key: row.from_address,
    type: 'MessageReceived',
    payload: messageReceivedPayload(messageReceivedOf(row, reply)),
  };
}
