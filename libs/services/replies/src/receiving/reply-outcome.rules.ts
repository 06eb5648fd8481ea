import { replyKeywordOf, type ReplyKeyword, type repliesEvents } from '@mp/contracts';
import type { LinkCandidate } from './reply-link.rules';
import { ReplyOptionMatcher } from './reply-option-matcher';

/** What a reply means for the message it answers (spec 3.2, 6.2). */
export interface ReplyOutcome {
  keyword?: ReplyKeyword;
  /** It came at or after the linked message's expiresAt: it answers nothing. */
  afterExpiry: boolean;
  /** The option it chose, when it answers the message. */
  chosen?: { key: string; value: string };
  /** The event's `reply`: absent when the linked message offered no options (or none is linked). */
  reply?: repliesEvents.ReplyMatch;
}

/**
 * A reply chooses an option only when its message offered options, it is
 * no opt-out, opt-in or help word, and the message had not expired when it
 * arrived; otherwise, for a message with options, it is `{ matched: false }`.
 * A tapped WhatsApp button's `replyPayload` is matched before the body; the
 * keyword is the body's alone (a STOP button means STOP whatever its payload).
 */
export function replyOutcome(body: string, receivedAt: Date, linked: LinkCandidate | undefined, replyPayload?: string): ReplyOutcome {
  const keyword = replyKeywordOf(body);
  const afterExpiry = linked?.expiresAt !== undefined && receivedAt.getTime() >= linked.expiresAt.getTime();
  if (!linked || linked.replyOptions.length === 0) return { keyword, afterExpiry };
  const option = keyword || afterExpiry ? undefined : new ReplyOptionMatcher(linked.replyOptions).matchTap(body, replyPayload);
  if (!option) return { keyword, afterExpiry, reply: { matched: false } };
  const chosen = { key: option.key, value: option.value };
  return { keyword, afterExpiry, chosen, reply: { matched: true, ...chosen } };
}
