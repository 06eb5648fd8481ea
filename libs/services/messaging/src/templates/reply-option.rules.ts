import { RESERVED_REPLY_WORDS } from '@mp/contracts';
import { DomainError } from '@mp/problems';
import type { Channel } from '../rules';
import { characterLength } from '../submission/submission-limits';
import type { ReplyOption, StoredReplyOption } from './template.types';

/** spec 2.4 and 8: reply option limits. */
export const MAX_REPLY_OPTIONS = 10;
export const MAX_ALIASES = 5;
export const MAX_REPLY_TOKEN_LENGTH = 20;
export const MAX_REPLY_VALUE_LENGTH = 64;

// ASCII letters and digits only: what every carrier and handset passes through unchanged.
const TOKEN = /^[A-Za-z0-9]+$/;

const invalid = (detail: string) => new DomainError('REPLY_OPTION_INVALID', detail);

/** Why a key or alias is refused, or undefined when it may be used (uniqueness is checked by the caller). */
function tokenProblem(label: string, token: string): DomainError | undefined {
  if (token.length === 0) return invalid(`${label} is required: 1 to ${MAX_REPLY_TOKEN_LENGTH} letters or digits.`);
  if (!TOKEN.test(token)) {
    return invalid(`${label} "${token}" must be 1 to ${MAX_REPLY_TOKEN_LENGTH} letters or digits (no spaces, punctuation or accents).`);
  }
  if (token.length > MAX_REPLY_TOKEN_LENGTH) {
    return invalid(`${label} "${token}" is ${token.length} characters; at most ${MAX_REPLY_TOKEN_LENGTH} letters or digits.`);
  }
  if (RESERVED_REPLY_WORDS.includes(token.toUpperCase())) {
    return new DomainError(
      'REPLY_OPTION_RESERVED_KEYWORD',
      `${label} "${token}" is a reserved word: opt-out, opt-in and help words (${RESERVED_REPLY_WORDS.join(', ')}) cannot be keys or aliases.`,
    );
  }
  return undefined;
}

/**
 * Checks a template's reply options (spec 2.4, 3.2) and returns them as
 * stored: keys and aliases upper case, values trimmed. The first problem, in
 * the order the client wrote the options, is thrown: REPLY_OPTION_RESERVED_KEYWORD
 * when the word is well formed but reserved, REPLY_OPTION_INVALID for anything
 * else; `detail` names the offending option (e.g. `replyOptions[2].aliases[1]`).
 */
export function checkReplyOptions(channel: Channel, options: readonly ReplyOption[]): StoredReplyOption[] {
  if (options.length === 0) return [];
  if (channel !== 'Sms') {
    throw invalid(`Only Sms templates may have reply options; this ${channel} template has ${options.length}. Send replyOptions [] to remove them.`);
  }
  if (options.length > MAX_REPLY_OPTIONS) {
    throw invalid(`A template has at most ${MAX_REPLY_OPTIONS} reply options (got ${options.length}).`);
  }
  // Upper-case word -> where it was first used: keys and aliases share one namespace.
  const seen = new Map<string, string>();
  const claim = (label: string, token: string) => {
    const problem = tokenProblem(label, token);
    if (problem) throw problem;
    const word = token.toUpperCase();
    const first = seen.get(word);
    if (first !== undefined) {
      throw invalid(`${label} "${token}" repeats ${first}: keys and aliases must be unique across the template, ignoring case.`);
    }
    seen.set(word, `${label} "${token}"`);
    return word;
  };
  return options.map((option, i) => {
    const key = claim(`replyOptions[${i}].key`, option.key ?? '');
    const value = (option.value ?? '').trim();
    const valueLength = characterLength(value);
    if (valueLength === 0) throw invalid(`replyOptions[${i}].value is required: 1 to ${MAX_REPLY_VALUE_LENGTH} characters.`);
    if (valueLength > MAX_REPLY_VALUE_LENGTH) {
      throw invalid(`replyOptions[${i}].value is ${valueLength} characters; at most ${MAX_REPLY_VALUE_LENGTH}.`);
    }
    const aliases = option.aliases ?? [];
    if (aliases.length > MAX_ALIASES) throw invalid(`replyOptions[${i}] has ${aliases.length} aliases; at most ${MAX_ALIASES}.`);
    return { key, value, aliases: aliases.map((alias, j) => claim(`replyOptions[${i}].aliases[${j}]`, alias ?? '')) };
  });
}
