import { splitMessage } from '@mp/smpp';
import { calculateSegments } from './segment-calculator';

// What the API bills (segmentCount) is what the SMPP carrier sends (issue 28 point 3).
const BODIES: Array<[name: string, body: string]> = [
  ['empty', ''],
  ['short GSM', 'Hello @ _ $ € [ ]'],
  ['160 septets', 'a'.repeat(160)],
  ['161 septets', 'a'.repeat(161)],
  ['an escape pair straddling 153', 'a'.repeat(152) + '€' + 'a'.repeat(152)],
  ['only extension characters', '{'.repeat(153)],
  ['1000 GSM characters', 'The quick brown fox. '.repeat(48)],
  ['70 UCS-2 units', 'ç'.repeat(70)],
  ['71 UCS-2 units', 'ç'.repeat(71)],
  ['a surrogate pair straddling 67', 'ç' + 'a'.repeat(65) + '😀' + 'a'.repeat(66)],
  ['67 emoji', '😀'.repeat(67)],
  ['a lone surrogate', '\uD83D' + 'ç'.repeat(80)],
];

describe('segments on the wire', () => {
  it.each(BODIES)('%s: UDH and SAR send exactly segmentCount parts', (_name, body) => {
    const { segmentCount, encoding } = calculateSegments(body);
    for (const method of ['udh', 'sar'] as const) {
      const split = splitMessage(body, { method, reference: 1 });
      expect(split.parts).toHaveLength(segmentCount);
      expect(split.encoding).toBe(encoding);
    }
  });
});
