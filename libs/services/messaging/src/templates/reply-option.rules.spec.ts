import { DomainError } from '@mp/problems';
import { checkReplyOptions } from './reply-option.rules';
import type { ReplyOption } from './template.types';

const option = (key: string, value = 'Confirm', aliases: string[] = []): ReplyOption => ({ key, value, aliases });
const keys = (n: number) => Array.from({ length: n }, (_, i) => option(`K${i}`));

function refusal(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected the options to be refused');
}

describe('reply option rules (spec 2.4)', () => {
  it('stores keys and aliases in upper case and trims values', () => {
    expect(checkReplyOptions('Sms', [option('c', ' Confirm ', ['yes1', 'Ok']), option('R2', 'Reschedule')])).toEqual([
      { key: 'C', value: 'Confirm', aliases: ['YES1', 'OK'] },
      { key: 'R2', value: 'Reschedule', aliases: [] },
    ]);
  });

  it('accepts the limits exactly: 10 options, 5 aliases, 20-character keys, 64-character values', () => {
    const full = [option('A'.repeat(20), 'v'.repeat(64), ['B1', 'B2', 'B3', 'B4', 'B5']), ...keys(9)];
    expect(checkReplyOptions('Sms', full)).toHaveLength(10);
    // 64 characters as a person counts them: an emoji is one.
    expect(checkReplyOptions('Sms', [option('E', '😀'.repeat(64))])[0].value).toBe('😀'.repeat(64));
  });

  it('no options: none, on any channel', () => {
    expect(checkReplyOptions('WhatsApp', [])).toEqual([]);
    expect(checkReplyOptions('Email', [])).toEqual([]);
  });

  it.each<[string, string, ReplyOption[], string]>([
    ['options on WhatsApp', 'REPLY_OPTION_INVALID', [option('C')], 'Only Sms templates may have reply options; this WhatsApp template has 1. Send replyOptions [] to remove them.'],
    ['too many options', 'REPLY_OPTION_INVALID', keys(11), 'A template has at most 10 reply options (got 11).'],
    ['an empty key', 'REPLY_OPTION_INVALID', [option('')], 'replyOptions[0].key is required: 1 to 20 letters or digits.'],
    ['a key with a space', 'REPLY_OPTION_INVALID', [option('C'), option('R 1')], 'replyOptions[1].key "R 1" must be 1 to 20 letters or digits (no spaces, punctuation or accents).'],
    ['a key with punctuation', 'REPLY_OPTION_INVALID', [option('C!')], 'replyOptions[0].key "C!" must be 1 to 20 letters or digits (no spaces, punctuation or accents).'],
    ['a key with an accent', 'REPLY_OPTION_INVALID', [option('SÍ')], 'replyOptions[0].key "SÍ" must be 1 to 20 letters or digits (no spaces, punctuation or accents).'],
    ['a 21-character key', 'REPLY_OPTION_INVALID', [option('K'.repeat(21))], `replyOptions[0].key "${'K'.repeat(21)}" is 21 characters; at most 20 letters or digits.`],
    ['a reserved key', 'REPLY_OPTION_RESERVED_KEYWORD', [option('C'), option('stop')], 'replyOptions[1].key "stop" is a reserved word'],
    ['a reserved alias', 'REPLY_OPTION_RESERVED_KEYWORD', [option('C'), option('R'), option('X', 'x', ['OK', 'Stop'])], 'replyOptions[2].aliases[1] "Stop" is a reserved word'],
    ['REVOKE, an opt-out word since 2025', 'REPLY_OPTION_RESERVED_KEYWORD', [option('revoke')], 'replyOptions[0].key "revoke" is a reserved word'],
    ['YES', 'REPLY_OPTION_RESERVED_KEYWORD', [option('Y', 'Yes', ['yes'])], 'replyOptions[0].aliases[0] "yes" is a reserved word'],
    ['a duplicate key, other case', 'REPLY_OPTION_INVALID', [option('C'), option('c')], 'replyOptions[1].key "c" repeats replyOptions[0].key "C": keys and aliases must be unique across the template, ignoring case.'],
    ['an alias equal to another key', 'REPLY_OPTION_INVALID', [option('C'), option('R', 'Reschedule', ['c'])], 'replyOptions[1].aliases[0] "c" repeats replyOptions[0].key "C"'],
    ['an alias equal to its own key', 'REPLY_OPTION_INVALID', [option('C', 'Confirm', ['C'])], 'replyOptions[0].aliases[0] "C" repeats replyOptions[0].key "C"'],
    ['an alias repeated', 'REPLY_OPTION_INVALID', [option('C', 'Confirm', ['OK']), option('R', 'Reschedule', ['ok'])], 'replyOptions[1].aliases[0] "ok" repeats replyOptions[0].aliases[0] "OK"'],
    ['a blank value', 'REPLY_OPTION_INVALID', [option('C', '   ')], 'replyOptions[0].value is required: 1 to 64 characters.'],
    ['a 65-character value', 'REPLY_OPTION_INVALID', [option('C', 'v'.repeat(65))], 'replyOptions[0].value is 65 characters; at most 64.'],
    ['six aliases', 'REPLY_OPTION_INVALID', [option('C', 'Confirm', ['A1', 'A2', 'A3', 'A4', 'A5', 'A6'])], 'replyOptions[0] has 6 aliases; at most 5.'],
    ['an alias with a space', 'REPLY_OPTION_INVALID', [option('C', 'Confirm', ['O K'])], 'replyOptions[0].aliases[0] "O K" must be 1 to 20 letters or digits'],
    ['a 21-character alias', 'REPLY_OPTION_INVALID', [option('C', 'Confirm', ['A'.repeat(21)])], `replyOptions[0].aliases[0] "${'A'.repeat(21)}" is 21 characters`],
    ['an empty alias', 'REPLY_OPTION_INVALID', [option('C', 'Confirm', [''])], 'replyOptions[0].aliases[0] is required'],
  ])('%s: %s', (_name, code, options, detail) => {
    const error = refusal(() => checkReplyOptions(_name === 'options on WhatsApp' ? 'WhatsApp' : 'Sms', options));
    expect([error.code, error.status]).toEqual([code, 400]);
    expect(error.detail).toContain(detail);
  });

  it('Email templates may not have options either', () => {
    expect(refusal(() => checkReplyOptions('Email', [option('C')])).code).toBe('REPLY_OPTION_INVALID');
  });

  it('a reserved word that is also malformed is refused for its form, not as reserved', () => {
    expect(refusal(() => checkReplyOptions('Sms', [option('STOP!')])).code).toBe('REPLY_OPTION_INVALID');
  });

  it('a reserved word repeated is refused as reserved: that is why it cannot be used', () => {
    expect(refusal(() => checkReplyOptions('Sms', [option('C', 'Confirm', ['HELP']), option('help')])).detail).toContain(
      'replyOptions[0].aliases[0] "HELP" is a reserved word',
    );
  });
});
