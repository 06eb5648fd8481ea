import { randomUUID } from 'node:crypto';
import { repliesEvents } from '@mp/contracts';
import { isUuid } from '@mp/grpc';
import { EVERY_CHANNEL, type NewConsentEntry } from '../ledger/consent-entry';
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
  /** When the carrier received it: the order STOP and START apply in (null when the event has no valid time). */
  receivedAt: Date | null;
  /**
   * Set for a STOP the carrier told us of by refusing a send (Twilio 21610: the person texted STOP to that
   * number at the carrier), not a reply we received: the refused message and the reason the entry and the
   * opt-out record, so the ledger says where it came from.
   */
  carrierRefusal?: { messageId: string; reason: string };
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
  const receivedAt = new Date(message.receivedAt || Number.NaN);
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
    // Without a time the reply still applies, in processing order: a STOP is never dropped for lack of one.
    receivedAt: Number.isNaN(receivedAt.getTime()) ? null : receivedAt,
  };
}

/**
 * The ledger entry of a keyword reply on the number that received it: STOP
 * `opted_out`, START `resubscribed` (naming the STOP entries it lifted), on
 * every channel of the address (a carrier's refusal: its channel), with the
 * carrier's time of receipt.
 */
export function keywordEntry(reply: KeywordReply, recordedAt: Date, liftedEntryIds: string[] = []): NewConsentEntry {
  const stop = reply.keyword === 'Stop';
  return {
    entry_id: randomUUID(),
    account_id: reply.accountId,
    subaccount_id: reply.subaccountId,
    recipient: reply.recipient,
    // A carrier's refusal speaks for its own channel only (Twilio's STOP is the person's SMS to that number).
    channel_type: reply.carrierRefusal ? reply.channel : EVERY_CHANNEL,
    action: stop ? 'opted_out' : 'resubscribed',
    scope: 'stopReply',
    source: stop ? 'stop_reply' : 'start_reply',
    actor: reply.receivingNumber,
    reason: reply.carrierRefusal
      ? `${reply.carrierRefusal.reason} (message ${reply.carrierRefusal.messageId})`
      : `replied ${stop ? 'STOP' : 'START'} (inbound message ${reply.inboundMessageId})`,
    consent_method: null,
    consent_evidence: null,
    receiving_number: reply.receivingNumber,
    lifted_entry_ids: liftedEntryIds,
    recorded_at: recordedAt,
    reply_received_at: reply.receivedAt,
  };
}
