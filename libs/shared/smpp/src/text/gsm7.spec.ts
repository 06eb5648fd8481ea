import { SmppEncodeError } from '../pdu/smpp-errors';
import { decodeGsm7, encodeGsm7 } from './gsm7';
import { GSM7_DEFAULT_ALPHABET } from './gsm7-alphabet';

describe('GSM 03.38 unpacked (data_coding 0x00)', () => {
  it('writes one septet per octet, and the extension table as ESC + code', () => {
    // @ 0x00, _ 0x11, $ 0x02, € ESC 0x65, [ ESC 0x3C, ] ESC 0x3E (03.38 §6.2.1 and §6.2.1.1)
    expect(encodeGsm7('@_$€[]').toString('hex')).toBe('001102' + '1b65' + '1b3c' + '1b3e');
    expect(encodeGsm7('^{}\\~|\f').toString('hex')).toBe('1b14' + '1b28' + '1b29' + '1b2f' + '1b3d' + '1b40' + '1b0a');
    expect(encodeGsm7('Hi\r\n').toString('hex')).toBe('48690d0a');
  });

  it('reads back every character of both tables', () => {
    const all = Array.from(GSM7_DEFAULT_ALPHABET).filter((c) => c !== '\u001b').join('') + '^{}\\[~]|€\f';
    expect(all).toHaveLength(127 + 10);
    expect(decodeGsm7(encodeGsm7(all))).toBe(all);
  });

  it('refuses a character outside GSM 03.38 (the caller picks UCS-2 for it)', () => {
    expect(() => encodeGsm7('ç')).toThrow(SmppEncodeError);
    expect(() => encodeGsm7('😀')).toThrow(/U\+1F600 is not in GSM 03.38/);
    expect(() => encodeGsm7('\u001b')).toThrow(SmppEncodeError);
  });

  it('reads what an SMSC may send leniently, never throwing', () => {
    expect(decodeGsm7(Buffer.from('1b41', 'hex'))).toBe('A'); // unknown extension code: its default character
    expect(decodeGsm7(Buffer.from('411b', 'hex'))).toBe('A'); // a trailing escape
    expect(decodeGsm7(Buffer.from('4180', 'hex'))).toBe('A\uFFFD'); // not a septet
  });
});
