export type SmsEncoding = 'gsm7' | 'ucs2';

export interface SegmentCalculation {
  segmentCount: number;
  encoding: SmsEncoding;
  /** Septets for gsm7 (extension characters count 2), UTF-16 code units for ucs2. */
  characterCount: number;
  charactersPerSegment: number;
}

// GSM 03.38 default alphabet in table order (0x00-0x7F). Position 0x1B is the
// escape to the extension table, not a printable character, so 127 entries.
const GSM7_DEFAULT_ALPHABET =
  '@£$¥èéùìòÇ\nØø\rÅå' +
  'Δ_ΦΓΛΩΠΨΣΘΞÆæßÉ' +
  ' !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§' +
  '¿abcdefghijklmnopqrstuvwxyzäöñüà';

// Extension table: each is sent as ESC + char, so costs two septets.
const GSM7_EXTENSION_TABLE = '\f^{}\\[~]|€';

const GSM7_DEFAULT = new Set(GSM7_DEFAULT_ALPHABET);
const GSM7_EXTENSION = new Set(GSM7_EXTENSION_TABLE);

const GSM7_SINGLE = 160;
const GSM7_CONCATENATED = 153; // 7 septets go to the UDH
const UCS2_SINGLE = 70;
const UCS2_CONCATENATED = 67; // 6 octets (3 code units) go to the UDH

/**
 * Septet cost of each character, or undefined if any character forces UCS-2.
 * Iterates by code point so a surrogate pair is judged as one character.
 */
function gsm7Units(body: string): number[] | undefined {
  const units: number[] = [];
  for (const ch of body) {
    if (GSM7_DEFAULT.has(ch)) units.push(1);
    else if (GSM7_EXTENSION.has(ch)) units.push(2);
    else return undefined;
  }
  return units;
}

/** UTF-16 code units per code point; a lone surrogate counts as 1. */
function ucs2Units(body: string): number[] {
  const units: number[] = [];
  for (const ch of body) units.push(ch.length);
  return units;
}

// Greedy packing, as handsets and carriers split: an indivisible unit
// (escape pair, surrogate pair) that would straddle a boundary starts the next
// segment, leaving the previous one short.
function packSegments(units: number[], capacity: number): number {
  let segments = 1;
  let used = 0;
  for (const unit of units) {
    if (used + unit > capacity) {
      segments += 1;
      used = 0;
    }
    used += unit;
  }
  return segments;
}

function sum(units: number[]): number {
  return units.reduce((total, unit) => total + unit, 0);
}

/**
 * Segments an SMS body will be sent (and billed) as.
 *
 * No Unicode normalisation is applied: carriers encode what they receive, so a
 * decomposed "é" (e + U+0301) is UCS-2 even though a precomposed "é" is GSM.
 */
export function calculateSegments(body: string): SegmentCalculation {
  // An empty body is still one (empty) message on the wire and is billed as
  // one, so report 1 gsm7 segment rather than 0.
  if (body.length === 0) {
    return { segmentCount: 1, encoding: 'gsm7', characterCount: 0, charactersPerSegment: GSM7_SINGLE };
  }

  const septets = gsm7Units(body);
  if (septets) {
    const characterCount = sum(septets);
    if (characterCount <= GSM7_SINGLE) {
      return { segmentCount: 1, encoding: 'gsm7', characterCount, charactersPerSegment: GSM7_SINGLE };
    }
    return {
      segmentCount: packSegments(septets, GSM7_CONCATENATED),
      encoding: 'gsm7',
      characterCount,
      charactersPerSegment: GSM7_CONCATENATED,
    };
  }

  const codeUnits = ucs2Units(body);
  const characterCount = body.length;
  if (characterCount <= UCS2_SINGLE) {
    return { segmentCount: 1, encoding: 'ucs2', characterCount, charactersPerSegment: UCS2_SINGLE };
  }
  return {
    segmentCount: packSegments(codeUnits, UCS2_CONCATENATED),
    encoding: 'ucs2',
    characterCount,
    charactersPerSegment: UCS2_CONCATENATED,
  };
}
