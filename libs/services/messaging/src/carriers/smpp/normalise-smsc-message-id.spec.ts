import { normaliseSmscMessageId } from './normalise-smsc-message-id';

describe('normaliseSmscMessageId', () => {
  it('as-is: keeps the id, without case or leading zeros (Jasmin #643: 0e999f21 vs E999F21)', () => {
    expect(normaliseSmscMessageId('0e999f21', 'as-is')).toBe('E999F21');
    expect(normaliseSmscMessageId('E999F21', 'as-is')).toBe('E999F21');
    expect(normaliseSmscMessageId(' abc-001 ', 'as-is')).toBe('ABC-001');
    expect(normaliseSmscMessageId('0000', 'as-is')).toBe('0');
  });

  it('hex-to-dec: a hex submit_sm_resp id meets the decimal id of its receipt (Vonage)', () => {
    expect(normaliseSmscMessageId('1F001', 'hex-to-dec')).toBe('126977'); // what Kannel made of our hex id (CARRIERS.md §6)
    expect(normaliseSmscMessageId('0x0001f001', 'hex-to-dec')).toBe(normaliseSmscMessageId('00126977', 'as-is'));
    expect(normaliseSmscMessageId('ffffffffffffffffffff', 'hex-to-dec')).toBe('1208925819614629174706175'); // past 2^53, exact
  });

  it('dec-to-hex: a decimal submit_sm_resp id meets the hex id of its receipt, in either case', () => {
    expect(normaliseSmscMessageId('126977', 'dec-to-hex')).toBe('1F001');
    expect(normaliseSmscMessageId('126977', 'dec-to-hex')).toBe(normaliseSmscMessageId('0001f001', 'as-is'));
  });

  it('an id that is not a number in that base is kept as-is rather than throwing', () => {
    expect(normaliseSmscMessageId('MSG-12', 'hex-to-dec')).toBe('MSG-12');
    expect(normaliseSmscMessageId('1F', 'dec-to-hex')).toBe('1F');
    expect(normaliseSmscMessageId('', 'hex-to-dec')).toBe('');
  });
});
