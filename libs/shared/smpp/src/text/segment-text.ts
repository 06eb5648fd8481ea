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
  // First pass: the alphabet and the size; most bodies end here, as one segment.
  let septets = 0;
  let gsm = true;
  for (const char of body) {
    const cost = gsm7Septets(char);
    if (cost === undefined) {
      gsm = false;
      break;
    }
    septets += cost;
  }
  const encoding: SmsEncoding = gsm ? 'gsm7' : 'ucs2';
  // UCS-2 counts UTF-16 code units (an emoji 2, a lone surrogate 1).
  const characterCount = gsm ? septets : body.length;
  const single = gsm ? GSM7_SINGLE : UCS2_SINGLE;
  if (characterCount <= single) return { encoding, characterCount, charactersPerSegment: single, segments: [body] };

  const capacity = gsm ? GSM7_CONCATENATED : UCS2_CONCATENATED;
  const segments: string[] = [];
  let start = 0;
  let offset = 0;
  let used = 0;
  for (const char of body) {
    const unit = gsm ? gsm7Septets(char)! : char.length;
    if (used + unit > capacity) {
      segments.push(body.slice(start, offset));
      start = offset;
      used = 0;
    }
    used += unit;
    offset += char.length;
  }
  segments.push(body.slice(start));
  return { encoding, characterCount, charactersPerSegment: capacity, segments };
}
