import { normalizeReplyText } from '@mp/contracts';
import type { ReplyOptionCopy } from '../sent-messages/reply-option-copy';

/**
 * Which of a message's reply options a reply chooses (spec 3.2): the whole
 * reply, ignoring case, surrounding spaces and trailing full stops or
 * exclamation marks, equal to an option's key or one of its aliases.
 * Anything else (extra words, two keys) chooses nothing.
 */
export class ReplyOptionMatcher {
  private readonly byWord = new Map<string, ReplyOptionCopy>();

  constructor(options: readonly ReplyOptionCopy[]) {
    for (const option of options) {
      for (const word of [option.key, ...(option.aliases ?? [])]) {
        const normalized = normalizeReplyText(word);
        // Keys and aliases are unique per template; the first wins should a copy say otherwise.
        if (normalized !== '' && !this.byWord.has(normalized)) this.byWord.set(normalized, option);
      }
    }
  }

  /** The option chosen by `body`, or undefined. */
  match(body: string): ReplyOptionCopy | undefined {
    return this.byWord.get(normalizeReplyText(body));
  }

  /**
   * The option chosen by a tapped WhatsApp button or list row: its id or
   * payload first (what the business set it to, often the option's key),
   * then its title, the body, as any typed reply. Without a payload, `match`.
   */
  matchTap(body: string, payload: string | undefined): ReplyOptionCopy | undefined {
    return (payload ? this.match(payload) : undefined) ?? this.match(body);
  }
}
