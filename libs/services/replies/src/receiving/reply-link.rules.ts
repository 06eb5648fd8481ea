import type { ReplyOptionCopy } from '../sent-messages/reply-option-copy';

/** How far back a reply may answer a message (spec 4.3): 72 hours by the platform clock. */
export const LINK_WINDOW_MS = 72 * 60 * 60 * 1000;

/** A dispatched channel attempt of a sent message: what a reply may answer. */
export interface LinkCandidate {
  messageId: string;
  accountId: string;
  subaccountId?: string;
  /** The recipient the message went to. */
  destination: string;
  clientReference?: string;
  expiresAt?: Date;
  replyOptions: ReplyOptionCopy[];
  /** The number (or sender address) the attempt went from. */
  fromAddress: string;
  carrierMessageId?: string;
  dispatchedAt: Date;
}

/** The reply as linking sees it. */
export interface ReplyToLink {
  /** The account owning the number that received it. */
  accountId: string;
  /** The person who replied. */
  from: string;
  /** The number that received it. */
  to: string;
  receivedAt: Date;
  /** WhatsApp: the carrier message id of the message it quotes. */
  contextCarrierMessageId?: string;
}

/** Email addresses compare without case; E.164 numbers have none. */
export const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The dispatch times a reply received at `receivedAt` may answer: (receivedAt - 72 h, receivedAt]. */
export function linkWindow(receivedAt: Date): { since: Date; until: Date } {
  return { since: new Date(receivedAt.getTime() - LINK_WINDOW_MS), until: receivedAt };
}

const newestFirst = (a: LinkCandidate, b: LinkCandidate) =>
  b.dispatchedAt.getTime() - a.dispatchedAt.getTime() || (b.messageId > a.messageId ? 1 : b.messageId < a.messageId ? -1 : 0);

const newest = (candidates: LinkCandidate[]) => [...candidates].sort(newestFirst)[0];

/**
 * The message a reply answers (spec 4.3), or undefined when none does:
 * - a reply quoting a message (WhatsApp) answers exactly the account's
 *   message whose dispatch the carrier knows by that id, or nothing;
 * - otherwise the newest message the account sent to the replying person
 *   from the number that received the reply, dispatched in the 72 hours up
 *   to the reply; a message offering reply options beats a later one
 *   without (the newest of those with options).
 * Only dispatched attempts are candidates: a carrier refusal or a message
 * never sent has no dispatch, so it never answers.
 */
export function chooseLinkedMessage(reply: ReplyToLink, candidates: LinkCandidate[]): LinkCandidate | undefined {
  const own = candidates.filter((c) => c.accountId === reply.accountId);
  if (reply.contextCarrierMessageId !== undefined && reply.contextCarrierMessageId !== '') {
    return newest(own.filter((c) => c.carrierMessageId === reply.contextCarrierMessageId));
  }
  const { since, until } = linkWindow(reply.receivedAt);
  const eligible = own.filter(
    (c) =>
      sameAddress(c.destination, reply.from) &&
      sameAddress(c.fromAddress, reply.to) &&
      c.dispatchedAt.getTime() > since.getTime() &&
      c.dispatchedAt.getTime() <= until.getTime(),
  );
  const withOptions = eligible.filter((c) => c.replyOptions.length > 0);
  return newest(withOptions.length > 0 ? withOptions : eligible);
}
