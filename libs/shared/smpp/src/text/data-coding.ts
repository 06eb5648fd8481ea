/** How a short_message's octets are to be read. */
export type ShortMessageAlphabet = 'gsm7' | 'ia5' | 'latin1' | 'ucs2' | 'binary' | 'unsupported';

/** SMPP data_coding values the platform sends (issue 28 point 3: always explicit). */
export const DataCoding = {
  /** SMSC default alphabet, sent as GSM 03.38 unpacked. */
  GSM7: 0x00,
  IA5: 0x01,
  OCTET: 0x04,
  LATIN1: 0x03,
  UCS2: 0x08,
} as const;

/**
 * The alphabet of a data_coding octet: SMPP 3.4 §5.2.19 for 0x00-0x0F, GSM
 * 03.38 §4 coding groups above (general data coding, message waiting, and the
 * 0xF0 data coding/message class group whose bit 2 picks 8-bit over GSM 7 —
 * not `& 0x0F`, which would read 0xF1 as IA5 and 0xF3 as Latin-1).
 */
export function alphabetOf(dataCoding: number): ShortMessageAlphabet {
  if (dataCoding <= 0x0f) {
    switch (dataCoding) {
      case 0x00:
        return 'gsm7';
      case 0x01:
        return 'ia5';
      case 0x02:
      case 0x04:
        return 'binary';
      case 0x03:
        return 'latin1';
      case 0x08:
        return 'ucs2';
      default:
        return 'unsupported'; // JIS, Cyrillic, Hebrew, pictogram, ISO-2022-JP, Kanji, KS C 5601
    }
  }
  const group = dataCoding >> 4;
  if (group <= 0x7) {
    // 00xx / 01xx: general data coding (01xx marked for automatic deletion); bit 5 = compressed.
    if (dataCoding & 0x20) return 'unsupported';
    return (['gsm7', 'binary', 'ucs2', 'unsupported'] as const)[(dataCoding >> 2) & 0x3];
  }
  if (group <= 0xb) return 'unsupported'; // reserved coding groups
  if (group <= 0xd) return 'gsm7'; // message waiting indication, discard / store
  if (group === 0xe) return 'ucs2'; // message waiting indication, store, UCS-2
  return dataCoding & 0x04 ? 'binary' : 'gsm7'; // 0xF0-0xFF: data coding / message class
}
