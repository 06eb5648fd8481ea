import { decodeUcs2, encodeUcs2 } from './ucs2';

describe('UCS-2 big-endian (data_coding 0x08)', () => {
  it('writes each UTF-16 code unit big-endian, an emoji as its surrogate pair', () => {
    expect(encodeUcs2('Hi ç😀').toString('hex')).toBe('0048' + '0069' + '0020' + '00e7' + 'd83d' + 'de00');
  });

  it('reads it back, and an odd trailing octet as U+FFFD', () => {
    expect(decodeUcs2(Buffer.from('00480069d83dde00', 'hex'))).toBe('Hi😀');
    expect(decodeUcs2(Buffer.from('004800', 'hex'))).toBe('H\uFFFD');
  });
});
