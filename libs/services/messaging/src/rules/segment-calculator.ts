import { segmentText, type SmsEncoding } from '@mp/smpp';

export type { SmsEncoding };

export interface SegmentCalculation {
  segmentCount: number;
  encoding: SmsEncoding;
  /** Septets for gsm7 (extension characters count 2), UTF-16 code units for ucs2. */
  characterCount: number;
  charactersPerSegment: number;
}

/**
 * Segments an SMS body will be sent (and billed) as. The GSM 03.38 alphabet and
 * the greedy split live in @mp/smpp, so the SMPP carrier sends exactly the parts
 * billed here (issue 28 point 3).
 *
 * No Unicode normalisation is applied: carriers encode what they receive, so a
 * decomposed "é" (e + U+0301) is UCS-2 even though a precomposed "é" is GSM.
 * An empty body is still one (empty) message on the wire and is billed as one.
 */
export function calculateSegments(body: string): SegmentCalculation {
  const { segments, encoding, characterCount, charactersPerSegment } = segmentText(body);
  return { segmentCount: segments.length, encoding, characterCount, charactersPerSegment };
}
