import type { ChannelType } from '../messages/messages.models';

/** A recipient's message to one of the account's numbers (spec 2.3). */
export interface ReplyResource {
  /** Use to deduplicate. */
  inboundMessageId: string;
  accountId: string;
  subaccountId: string | null;
  channelType: ChannelType;
  /** The sender's number (or address). */
  from: string;
  /** The number (or address) that received it. */
  to: string;
  body: string;
  /** ISO-8601 with offset. */
  receivedAt: string;
  /** `Stop`, `Start` or `Help` for opt-out, opt-in or help words; otherwise null. */
  keyword: 'Stop' | 'Start' | 'Help' | null;
  /** The message it answers (spec 4.3); null when none matches. */
  inReplyToMessageId: string | null;
  /** The `clientReference` of that message. */
  inReplyToClientReference: string | null;
  /** Set when the reply chose one of the message's options. */
  replyOptionKey: string | null;
  replyOptionValue: string | null;
  /** True when it came after the answered message's `expiresAt`: it is kept and listed but answers nothing. */
  afterExpiry: boolean;
}

/** A page of replies: `{ items, nextCursor }` (spec 2.3). */
export interface ReplyList {
  /** Newest first. */
  items: ReplyResource[];
  /** Null on the last page. */
  nextCursor: string | null;
}
