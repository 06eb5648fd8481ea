import { ReplyOptionMatcher } from './reply-option-matcher';

const matcher = new ReplyOptionMatcher([
  { key: 'C', value: 'Confirm', aliases: ['CONFIRM', 'OK'] },
  { key: 'R', value: 'Reschedule', aliases: ['MOVE'] },
  { key: '3', value: 'Call me', aliases: [] },
]);
const keyOf = (body: string) => matcher.match(body)?.key;

describe('ReplyOptionMatcher (spec 3.2)', () => {
  it.each([
    ['C', 'C'],
    ['c', 'C'],
    ['  c  ', 'C'],
    ['C.', 'C'],
    ['c!', 'C'],
    ['C!!!', 'C'],
    ['c.!', 'C'],
    ['C. ', 'C'],
    ['\tr\n', 'R'],
    ['3', '3'],
  ])('%p chooses %s: case, surrounding spaces and trailing full stops or exclamation marks are ignored', (body, key) => {
    expect(keyOf(body)).toBe(key);
  });

  it.each([
    ['confirm', 'C'],
    ['Ok!', 'C'],
    ['move.', 'R'],
  ])('an alias %p chooses its option %s', (body, key) => {
    expect(keyOf(body)).toBe(key);
  });

  it('reports the option with its value', () => {
    expect(matcher.match('ok')).toEqual({ key: 'C', value: 'Confirm', aliases: ['CONFIRM', 'OK'] });
  });

  it.each([
    ['extra words', 'C please'],
    ['extra words before', 'yes C'],
    ['two keys', 'C R'],
    ['two keys without a space', 'CR'],
    ['two keys with a comma', 'C,R'],
    ['punctuation in front', '.C'],
    ['a question mark', 'C?'],
    ['an unknown word', 'X'],
    ['nothing', ''],
    ['only spaces and stops', ' . '],
    ['the value rather than the key', 'Confirm it'],
  ])('%s (%p) chooses nothing', (_what, body) => {
    expect(matcher.match(body)).toBeUndefined();
  });

  it('chooses nothing when the message offered no options', () => {
    expect(new ReplyOptionMatcher([]).match('C')).toBeUndefined();
  });

  describe('a tapped WhatsApp button or list row (matchTap)', () => {
    it('chooses by its payload first, against keys and aliases with the same normalisation, whatever its title says', () => {
      expect(matcher.matchTap('Yes please, that works', 'c')?.key).toBe('C');
      expect(matcher.matchTap('Confirm', ' move! ')?.key).toBe('R');
    });

    it('chooses by its title when the payload matches nothing, or there is none', () => {
      expect(matcher.matchTap('move', 'btn-17')?.key).toBe('R');
      expect(matcher.matchTap('ok', undefined)?.key).toBe('C');
      expect(matcher.matchTap('ok', '')?.key).toBe('C');
    });

    it('chooses nothing when neither matches', () => {
      expect(matcher.matchTap('Maybe later', 'btn-17')).toBeUndefined();
    });
  });
});
