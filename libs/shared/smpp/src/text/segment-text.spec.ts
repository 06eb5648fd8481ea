import { segmentText } from './segment-text';

// The counts themselves are asserted by messaging's segment-calculator spec (what the API bills);
// here: the text of each segment, which the splitter puts on the wire.
describe('segmentText', () => {
  it('keeps a single message whole, empty included', () => {
    expect(segmentText('')).toEqual({ encoding: 'gsm7', characterCount: 0, charactersPerSegment: 160, segments: [''] });
    expect(segmentText('a'.repeat(160)).segments).toEqual(['a'.repeat(160)]);
  });

  it('cuts GSM text at 153 septets', () => {
    expect(segmentText('a'.repeat(153) + 'b'.repeat(10)).segments).toEqual(['a'.repeat(153), 'b'.repeat(10)]);
  });

  it('moves an escape pair that would straddle a boundary to the next segment', () => {
    const { segments } = segmentText('a'.repeat(152) + '€' + 'b'.repeat(152));
    expect(segments).toEqual(['a'.repeat(152), '€' + 'b'.repeat(151), 'b']);
  });

  it('moves a surrogate pair that would straddle 67 code units to the next segment', () => {
    const { encoding, segments } = segmentText('ç'.repeat(66) + '😀' + 'x'.repeat(10));
    expect(encoding).toBe('ucs2');
    expect(segments).toEqual(['ç'.repeat(66), '😀' + 'x'.repeat(10)]);
  });
});
