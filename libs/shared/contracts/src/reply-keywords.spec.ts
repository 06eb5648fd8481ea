import { normalizeReplyText, replyKeywordOf, RESERVED_REPLY_WORDS } from './reply-keywords';

describe('reply keywords (spec 2.4, 4.3)', () => {
  it.each([
    ['STOP', 'Stop'],
    ['stop', 'Stop'],
    ['  Stop.  ', 'Stop'],
    ['StopAll', 'Stop'],
    ['unsubscribe', 'Stop'],
    ['cancel', 'Stop'],
    ['END', 'Stop'],
    ['quit!', 'Stop'],
    ['revoke', 'Stop'],
    ['OptOut', 'Stop'],
    ['start', 'Start'],
    ['UNSTOP', 'Start'],
    ['yes', 'Start'],
    ['help', 'Help'],
    ['Info', 'Help'],
  ])('%j is %s', (body, keyword) => expect(replyKeywordOf(body)).toBe(keyword));

  it.each(['STOP please', 'stop stop', 'S TOP', 'opt out', 'toString', 'constructor', '', 'C'])('%j is no keyword', (body) =>
    expect(replyKeywordOf(body)).toBeUndefined(),
  );

  it('normalises case, surrounding spaces and trailing full stops or exclamation marks only', () => {
    expect(normalizeReplyText('  c!!. ')).toBe('C');
    expect(normalizeReplyText('.c')).toBe('.C');
    expect(normalizeReplyText('c?')).toBe('C?');
  });

  it('reserves every keyword, including REVOKE and OPTOUT', () => {
    expect([...RESERVED_REPLY_WORDS].sort()).toEqual(
      ['CANCEL', 'END', 'HELP', 'INFO', 'OPTOUT', 'QUIT', 'REVOKE', 'START', 'STOP', 'STOPALL', 'UNSTOP', 'UNSUBSCRIBE', 'YES'],
    );
  });
});
