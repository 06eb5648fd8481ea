import { repliesEvents } from '@mp/contracts';
import { isUuid } from '@mp/grpc';
import { canonicalAddress, channelsOfAddress, type Channel } from '../opt-outs/opt-out';

/** A Stop or Start reply as consent acts on it (from MessageReceived, spec 4.3 rule 3). */
export interface KeywordReply {
  keyword: 'Stop' | 'Start';
  inboundMessageId: string;
  accountId: string;
  /** The reply's subaccount (null: account-level). */
  subaccountId: string | null;
  /** The reply's channel, as the event names it. */
  channel: string;
  /** The recipient who replied, canonical. */
  recipient: string;
  /** The number (or address) the reply arrived on, canonical. */
  receivingNumber: string;
  /** The channels the STOP covers: every channel of the recipient's address. */
  channels: Channel[];
}

/**
 * Reads a MessageReceived payload (proto JSON, nulls allowed). Undefined when
 * consent has nothing to do: no Stop or Start keyword (Help and plain replies
 * included). Throws when a keyword reply lacks what it needs.
 */
export function keywordReplyOf(payload: unknown): KeywordReply | undefined {
  const message = repliesEvents.MessageReceived.fromJSON(payload ?? {});
  if (message.keyword !== 'Stop' && message.keyword !== 'Start') return undefined;
  const recipient = canonicalAddress(message.from);
  const receivingNumber = canonicalAddress(message.to);
  const subaccountId = message.subaccountId || null;
  if (!isUuid(message.accountId) || (subaccountId !== null && !isUuid(subaccountId)) || recipient === '' || receivingNumber === '') {
    throw new Error(`MessageReceived ${message.inboundMessageId || '(no id)'} with keyword ${message.keyword} lacks its account, sender or receiving number`);
  }
  return {
    keyword: message.keyword,
    inboundMessageId: message.inboundMessageId,
    accountId: message.accountId,
    subaccountId,
    channel: message.channelType,
    recipient,
    receivingNumber,
    channels: channelsOfAddress(recipient),
  };
}
