import { gsm7Septets } from './gsm7-alphabet';

export type SmsEncoding = 'gsm7' | 'ucs2';

export interface TextSegmentation {
  encoding: SmsEncoding;
  /** Septets for gsm7 (extension characters count 2), UTF-16 code units for ucs2. */
  characterCount: number;
  charactersPerSegment: number;
  /** The text of each segment, in order; one (possibly empty) for a single message. */
  segments: string[];
}

export const GSM7_SINGLE = 160;
export const GSM7_CONCATENATED = 153; // 7 septets go to the 6-octet UDH
export const UCS2_SINGLE = 70;
export const UCS2_CONCATENATED = 67; // 6 octets (3 code units) go to the UDH

/**
 * How an SMS body is sent and billed: GSM 03.38 when every character is in it,
 * UCS-2 otherwise, split greedily as handsets and carriers do: an indivisible
 * unit (escape pair, surrogate pair) that would straddle a boundary starts the
 * next segment, leaving the previous one short. No Unicode normalisation: a
 * decomposed "é" (e + U+0301) is UCS-2 though a precomposed "é" is GSM.
 */
export function segmentText(body: string): TextSegmentation {
  const chars: string[] = [];
  const septets: number[] = [];
  let gsm = true;
  for (const char of body) {
    chars.push(char);
    if (gsm) {
      const cost = gsm7Septets(char);
      if (cost === undefined) gsm = false;
      else septets.push(cost);
    }
  }
  // UCS-2 cost is UTF-16 code units per code point (a lone surrogate counts 1).
  const units = gsm ? septets : chars.map((c) => c.length);
  const characterCount = units.reduce((total, unit) => total + unit, 0);
  const encoding: SmsEncoding = gsm ? 'gsm7' : 'ucs2';
  const single = gsm ? GSM7_SINGLE : UCS2_SINGLE;
  if (characterCount <= single) return { encoding, characterCount, charactersPerSegment: single, segments: [body] };

  const capacity = gsm ? GSM7_CONCATENATED : UCS2_CONCATENATED;
  const segments: string[] = [];
  let current = '';
  let used = 0;
  for (let i = 0; i < chars.length; i++) {
    if (used + units[i] > capacity) {
      segments.push(current);
      current = '';
      used = 0;
    }
    current += chars[i];
    used += units[i];
  }
  segments.push(current);
  return { encoding, characterCount, charactersPerSegment: capacity, segments };
}
