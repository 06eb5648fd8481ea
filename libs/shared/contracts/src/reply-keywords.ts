/**
 * The words a recipient texts to opt out, opt back in or ask for help, and the
 * words no reply option may use: one vocabulary for messaging (template
 * rules) and replies (recognising them on the way in), spec 2.4 and 4.3.
 */
export type ReplyKeyword = 'Stop' | 'Start' | 'Help';

/**
 * Matched on the whole reply (see `normalizeReplyText`). REVOKE and OPTOUT
 * are the opt-out words US carrier rules have required since April 2025.
 */
export const REPLY_KEYWORDS: Readonly<Record<string, ReplyKeyword>> = Object.freeze({
  STOP: 'Stop',
  STOPALL: 'Stop',
  UNSUBSCRIBE: 'Stop',
  CANCEL: 'Stop',
  END: 'Stop',
  QUIT: 'Stop',
  REVOKE: 'Stop',
  OPTOUT: 'Stop',
  START: 'Start',
  UNSTOP: 'Start',
  YES: 'Start',
  HELP: 'Help',
  INFO: 'Help',
});

/**
 * Words a reply option's key or alias may not be (REPLY_OPTION_RESERVED_KEYWORD):
 * the spec's list, plus REVOKE and OPTOUT, which are read as opt-outs and so
 * could never answer.
 */
export const RESERVED_REPLY_WORDS: readonly string[] = Object.freeze(Object.keys(REPLY_KEYWORDS));

/**
 * A reply as it is compared with keywords and option keys: surrounding
 * spaces and trailing full stops or exclamation marks dropped, upper case.
 */
export function normalizeReplyText(body: string): string {
  return body.trim().replace(/[.!]+$/u, '').trim().toUpperCase();
}

/** The keyword a whole reply is, if any. */
export function replyKeywordOf(body: string): ReplyKeyword | undefined {
  const word = normalizeReplyText(body);
  return Object.prototype.hasOwnProperty.call(REPLY_KEYWORDS, word) ? REPLY_KEYWORDS[word] : undefined;
}
