import { alphabetOf, type ShortMessageAlphabet } from './data-coding';
import { decodeGsm7 } from './gsm7';
import { decodeUcs2 } from './ucs2';

export interface DecodedText {
  alphabet: ShortMessageAlphabet;
  /** Undefined for binary data and alphabets this codec does not read. */
  text: string | undefined;
}

/** short_message or message_payload octets (without UDH) as text, by their data_coding. */
export function decodeShortMessage(bytes: Uint8Array, dataCoding: number): DecodedText {
  const alphabet = alphabetOf(dataCoding);
  switch (alphabet) {
    case 'gsm7':
      return { alphabet, text: decodeGsm7(bytes) };
    case 'ia5':
      // IA5 is 7-bit ASCII; a high octet is not text in it.
      return { alphabet, text: Array.from(bytes, (b) => (b > 0x7f ? '\uFFFD' : String.fromCharCode(b))).join('') };
    case 'latin1':
      return { alphabet, text: Buffer.from(bytes).toString('latin1') };
    case 'ucs2':
      return { alphabet, text: decodeUcs2(bytes) };
    default:
      return { alphabet, text: undefined };
  }
}
