import { calculateSegments } from './segment-calculator';

// GSM 03.38 default alphabet written independently of the implementation, by
// table position, with escapes for every non-ASCII character so the exact code
// point is unambiguous (e.g. Greek Delta U+0394, not INCREMENT U+2206).
const DEFAULT_ALPHABET: Array<[position: number, char: string]> = [
  [0x00, '@'], [0x01, '\u00A3'], [0x02, '$'], [0x03, '\u00A5'],
  [0x04, '\u00E8'], [0x05, '\u00E9'], [0x06, '\u00F9'], [0x07, '\u00EC'],
  [0x08, '\u00F2'], [0x09, '\u00C7'], [0x0a, '\n'], [0x0b, '\u00D8'],
  [0x0c, '\u00F8'], [0x0d, '\r'], [0x0e, '\u00C5'], [0x0f, '\u00E5'],
  [0x10, '\u0394'], [0x11, '_'], [0x12, '\u03A6'], [0x13, '\u0393'],
  [0x14, '\u039B'], [0x15, '\u03A9'], [0x16, '\u03A0'], [0x17, '\u03A8'],
  [0x18, '\u03A3'], [0x19, '\u0398'], [0x1a, '\u039E'], /* 0x1B = ESC */
  [0x1c, '\u00C6'], [0x1d, '\u00E6'], [0x1e, '\u00DF'], [0x1f, '\u00C9'],
  [0x20, ' '], [0x21, '!'], [0x22, '"'], [0x23, '#'], [0x24, '\u00A4'],
  ...Array.from('%&\'()*+,-./0123456789:;<=>?', (c, i): [number, string] => [0x25 + i, c]),
  [0x40, '\u00A1'],
  ...Array.from('ABCDEFGHIJKLMNOPQRSTUVWXYZ', (c, i): [number, string] => [0x41 + i, c]),
  [0x5b, '\u00C4'], [0x5c, '\u00D6'], [0x5d, '\u00D1'], [0x5e, '\u00DC'], [0x5f, '\u00A7'],
  [0x60, '\u00BF'],
  ...Array.from('abcdefghijklmnopqrstuvwxyz', (c, i): [number, string] => [0x61 + i, c]),
  [0x7b, '\u00E4'], [0x7c, '\u00F6'], [0x7d, '\u00F1'], [0x7e, '\u00FC'], [0x7f, '\u00E0'],
];

const EXTENSION_TABLE: Array<[name: string, char: string]> = [
  ['form feed', '\f'], ['caret', '^'], ['left brace', '{'], ['right brace', '}'],
  ['backslash', '\\'], ['left bracket', '['], ['tilde', '~'], ['right bracket', ']'],
  ['pipe', '|'], ['euro', '\u20AC'],
];

const GSM = 'a';
const NON_GSM = '\u00E7'; // ç — lowercase c-cedilla is not in GSM 03.38
const EMOJI = '\u{1F600}'; // 😀, a surrogate pair

describe('calculateSegments', () => {
  describe('the test tables themselves', () => {
    it('covers all 127 printable positions 0x00-0x7F except ESC, each once', () => {
      const positions = DEFAULT_ALPHABET.map(([p]) => p);
      const expected = Array.from({ length: 128 }, (_, i) => i).filter((p) => p !== 0x1b);
      expect(positions).toEqual(expected);
      expect(new Set(DEFAULT_ALPHABET.map(([, c]) => c)).size).toBe(127);
    });
  });

  describe('empty body', () => {
    it('is one gsm7 segment with no characters', () => {
      expect(calculateSegments('')).toEqual({
        segmentCount: 1,
        encoding: 'gsm7',
        characterCount: 0,
        charactersPerSegment: 160,
      });
    });
  });

  describe('GSM 03.38 default alphabet', () => {
    it.each(DEFAULT_ALPHABET.map(([p, c]) => [p.toString(16).padStart(2, '0'), c] as const))(
      'position 0x%s is gsm7 and costs one septet',
      (_position, char) => {
        expect(calculateSegments(char)).toEqual({
          segmentCount: 1,
          encoding: 'gsm7',
          characterCount: 1,
          charactersPerSegment: 160,
        });
      },
    );

    it('keeps the whole alphabet in one message as gsm7', () => {
      const all = DEFAULT_ALPHABET.map(([, c]) => c).join('');
      expect(calculateSegments(all)).toEqual({
        segmentCount: 1,
        encoding: 'gsm7',
        characterCount: 127,
        charactersPerSegment: 160,
      });
    });
  });

  describe('GSM 03.38 extension table', () => {
    it.each(EXTENSION_TABLE)('%s is gsm7 and costs two septets', (_name, char) => {
      expect(calculateSegments(char)).toEqual({
        segmentCount: 1,
        encoding: 'gsm7',
        characterCount: 2,
        charactersPerSegment: 160,
      });
    });

    it('counts extension characters as two septets within longer text', () => {
      expect(calculateSegments('Price: 5€ [approx]').characterCount).toBe(18 + 3);
    });
  });

  describe('characters outside GSM 03.38 force ucs2', () => {
    it.each([
      ['lowercase c-cedilla (only Ç is GSM)', '\u00E7'],
      ['a-acute', '\u00E1'],
      ['i-acute', '\u00ED'],
      ['o-acute', '\u00F3'],
      ['u-acute', '\u00FA'],
      ['E-grave (only lowercase è is GSM)', '\u00C8'],
      ['left double quote', '\u201C'],
      ['right double quote', '\u201D'],
      ['left single quote', '\u2018'],
      ['right single quote / apostrophe', '\u2019'],
      ['en dash', '\u2013'],
      ['em dash', '\u2014'],
      ['ellipsis', '\u2026'],
      ['no-break space', '\u00A0'],
      ['tab', '\t'],
      ['backtick', '`'],
      ['lowercase Greek delta', '\u03B4'],
      ['INCREMENT lookalike of Delta', '\u2206'],
      ['OHM SIGN lookalike of Omega', '\u2126'],
      ['Cyrillic a', '\u0430'],
      ['CJK', '\u4E2D'],
      ['combining acute accent', '\u0301'],
    ])('%s', (_name, char) => {
      expect(calculateSegments(char)).toEqual({
        segmentCount: 1,
        encoding: 'ucs2',
        characterCount: 1,
        charactersPerSegment: 70,
      });
    });

    it('switches the whole message to ucs2 for a single non-GSM character', () => {
      const result = calculateSegments(GSM.repeat(159) + NON_GSM);
      // 160 code units no longer fit 2×67, so 3 segments instead of 1.
      expect(result).toEqual({
        segmentCount: 3,
        encoding: 'ucs2',
        characterCount: 160,
        charactersPerSegment: 67,
      });
    });

    it('does not normalise: decomposed é is ucs2 while precomposed é is gsm7', () => {
      expect(calculateSegments('e\u0301').encoding).toBe('ucs2');
      expect(calculateSegments('\u00E9').encoding).toBe('gsm7');
    });
  });

  describe('gsm7 boundaries', () => {
    it('fits 160 septets in one segment', () => {
      expect(calculateSegments(GSM.repeat(160))).toEqual({
        segmentCount: 1,
        encoding: 'gsm7',
        characterCount: 160,
        charactersPerSegment: 160,
      });
    });

    it('splits 161 septets into two 153-septet segments', () => {
      expect(calculateSegments(GSM.repeat(161))).toEqual({
        segmentCount: 2,
        encoding: 'gsm7',
        characterCount: 161,
        charactersPerSegment: 153,
      });
    });

    it('fits 153*2 septets in two segments', () => {
      expect(calculateSegments(GSM.repeat(153 * 2)).segmentCount).toBe(2);
    });

    it('needs a third segment at 153*2+1 septets', () => {
      expect(calculateSegments(GSM.repeat(153 * 2 + 1)).segmentCount).toBe(3);
    });

    it('fits 153*3 septets in three segments', () => {
      expect(calculateSegments(GSM.repeat(153 * 3)).segmentCount).toBe(3);
    });
  });

  describe('gsm7 extension characters at boundaries', () => {
    it('allows an extension character to end a single 160-septet message', () => {
      expect(calculateSegments(GSM.repeat(158) + '€')).toEqual({
        segmentCount: 1,
        encoding: 'gsm7',
        characterCount: 160,
        charactersPerSegment: 160,
      });
    });

    it('goes to two segments when an extension character makes 161 septets', () => {
      expect(calculateSegments(GSM.repeat(159) + '€')).toEqual({
        segmentCount: 2,
        encoding: 'gsm7',
        characterCount: 161,
        charactersPerSegment: 153,
      });
    });

    it('moves an escape pair that would straddle 153 to the next segment', () => {
      // 152 + 2 + 152 = 306 = 153*2 septets, but the € cannot be split.
      const result = calculateSegments(GSM.repeat(152) + '€' + GSM.repeat(152));
      expect(result.characterCount).toBe(306);
      expect(result.segmentCount).toBe(3);
    });

    it('keeps 306 septets in two segments when no escape pair straddles', () => {
      const result = calculateSegments('€' + GSM.repeat(304));
      expect(result.characterCount).toBe(306);
      expect(result.segmentCount).toBe(2);
    });

    it('allows an escape pair that exactly ends a 153 segment', () => {
      const result = calculateSegments(GSM.repeat(151) + '€' + GSM.repeat(153));
      expect(result.characterCount).toBe(306);
      expect(result.segmentCount).toBe(2);
    });

    it('counts a message of only extension characters by packing pairs', () => {
      // 81 × 2 = 162 septets; 76 pairs (152 septets) per concatenated segment.
      expect(calculateSegments('{'.repeat(81))).toMatchObject({ segmentCount: 2, characterCount: 162 });
      // 153 pairs = 306 septets: naive 306/153 = 2, packed 76+76+1 = 3.
      expect(calculateSegments('{'.repeat(153))).toMatchObject({ segmentCount: 3, characterCount: 306 });
    });
  });

  describe('ucs2 boundaries', () => {
    it('fits 70 code units in one segment', () => {
      expect(calculateSegments(NON_GSM.repeat(70))).toEqual({
        segmentCount: 1,
        encoding: 'ucs2',
        characterCount: 70,
        charactersPerSegment: 70,
      });
    });

    it('splits 71 code units into two 67-unit segments', () => {
      expect(calculateSegments(NON_GSM.repeat(71))).toEqual({
        segmentCount: 2,
        encoding: 'ucs2',
        characterCount: 71,
        charactersPerSegment: 67,
      });
    });

    it('fits 67*2 code units in two segments', () => {
      expect(calculateSegments(NON_GSM.repeat(67 * 2)).segmentCount).toBe(2);
    });

    it('needs a third segment at 67*2+1 code units', () => {
      expect(calculateSegments(NON_GSM.repeat(67 * 2 + 1)).segmentCount).toBe(3);
    });
  });

  describe('emoji and surrogate pairs', () => {
    it('counts an emoji as two code units', () => {
      expect(calculateSegments(EMOJI)).toEqual({
        segmentCount: 1,
        encoding: 'ucs2',
        characterCount: 2,
        charactersPerSegment: 70,
      });
    });

    it('forces ucs2 for otherwise-GSM text containing an emoji', () => {
      expect(calculateSegments('Hello ' + EMOJI)).toMatchObject({ encoding: 'ucs2', characterCount: 8 });
    });

    it('fits 35 emoji (70 units) in one segment but not 36', () => {
      expect(calculateSegments(EMOJI.repeat(35)).segmentCount).toBe(1);
      expect(calculateSegments(EMOJI.repeat(36))).toMatchObject({ segmentCount: 2, characterCount: 72 });
    });

    it('moves a surrogate pair that would straddle 67 to the next segment', () => {
      // 66 + 2 + 66 = 134 = 67*2 units, but the emoji cannot be split.
      const result = calculateSegments(NON_GSM + GSM.repeat(65) + EMOJI + GSM.repeat(66));
      expect(result.characterCount).toBe(134);
      expect(result.segmentCount).toBe(3);
    });

    it('keeps 134 units in two segments when no surrogate pair straddles', () => {
      const result = calculateSegments(EMOJI + NON_GSM + GSM.repeat(131));
      expect(result.characterCount).toBe(134);
      expect(result.segmentCount).toBe(2);
    });

    it('packs 67 emoji (134 units) into three segments, 33 per segment', () => {
      expect(calculateSegments(EMOJI.repeat(67))).toMatchObject({ segmentCount: 3, characterCount: 134 });
    });

    it('treats a lone surrogate as one ucs2 code unit', () => {
      expect(calculateSegments('\uD83D')).toMatchObject({ encoding: 'ucs2', characterCount: 1 });
    });
  });

  describe('line breaks', () => {
    it('counts \\r\\n as two gsm7 septets', () => {
      expect(calculateSegments('Hi\r\nthere')).toEqual({
        segmentCount: 1,
        encoding: 'gsm7',
        characterCount: 9,
        charactersPerSegment: 160,
      });
    });

    it('pushes a message over 160 when \\r\\n replaces \\n', () => {
      const body = GSM.repeat(79) + '\r\n' + GSM.repeat(80);
      expect(calculateSegments(body).segmentCount).toBe(2);
      expect(calculateSegments(body.replace('\r\n', '\n')).segmentCount).toBe(1);
    });
  });
});
