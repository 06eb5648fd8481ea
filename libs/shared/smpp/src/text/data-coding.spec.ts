import { alphabetOf } from './data-coding';
import { decodeShortMessage } from './decode-short-message';

describe('alphabetOf(data_coding)', () => {
  it.each(([
    [0x00, 'gsm7'],
    [0x01, 'ia5'],
    [0x02, 'binary'],
    [0x03, 'latin1'],
    [0x04, 'binary'],
    [0x06, 'unsupported'],
    [0x08, 'ucs2'],
    [0x10, 'gsm7'], // general data coding, class 0 (flash)
    [0x14, 'binary'],
    [0x18, 'ucs2'], // UCS-2 flash
    [0x24, 'unsupported'], // compressed
    [0x48, 'ucs2'], // automatic deletion group
    [0x80, 'unsupported'], // reserved
    [0xc0, 'gsm7'],
    [0xd8, 'gsm7'],
    [0xe0, 'ucs2'],
    [0xf0, 'gsm7'],
    [0xf1, 'gsm7'], // `& 0x0F` would say IA5
    [0xf2, 'gsm7'], // ... octet unspecified
    [0xf3, 'gsm7'], // ... Latin-1
    [0xf4, 'binary'],
    [0xf5, 'binary'], // ... JIS
    [0xf6, 'binary'], // ... Cyrillic
    [0xf7, 'binary'],
  ] as Array<[number, string]>).map(([dataCoding, alphabet]) => [dataCoding.toString(16).padStart(2, '0'), dataCoding, alphabet] as const))('0x%s', (_hex, dataCoding, alphabet) => {
    expect(alphabetOf(dataCoding)).toBe(alphabet);
  });
});

describe('decodeShortMessage', () => {
  const bytes = (h: string) => Buffer.from(h, 'hex');

  it.each([
    ['GSM 03.38 (0x00)', '0011021b65', 0x00, 'gsm7', '@_$€'],
    ['GSM 03.38 in the 0xF0 group (0xF1)', '0011021b65', 0xf1, 'gsm7', '@_$€'],
    ['IA5 (0x01)', '48692124', 0x01, 'ia5', 'Hi!$'],
    ['IA5 with a high octet', '48e9', 0x01, 'ia5', 'H\uFFFD'],
    ['Latin-1 (0x03)', '43e96c696e65', 0x03, 'latin1', 'Céline'],
    ['UCS-2 (0x08)', '0048d83dde00', 0x08, 'ucs2', 'H😀'],
  ])('%s', (_name, h, dataCoding, alphabet, text) => {
    expect(decodeShortMessage(bytes(h), dataCoding)).toEqual({ alphabet, text });
  });

  it('gives no text for binary data', () => {
    expect(decodeShortMessage(bytes('0102'), 0xf4)).toEqual({ alphabet: 'binary', text: undefined });
  });
});
