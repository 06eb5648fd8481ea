import { SmppEncodeError } from '../pdu/smpp-errors';
import { GSM7_CHAR_OF_EXTENSION, GSM7_CODE_OF, GSM7_DEFAULT_ALPHABET, GSM7_ESCAPE, GSM7_EXTENSION_CODE_OF } from './gsm7-alphabet';

/** GSM 03.38 unpacked, one septet per octet (SMPP data_coding 0x00); extension characters as ESC + code. */
export function encodeGsm7(text: string): Buffer {
  const out: number[] = [];
  for (const char of text) {
    const code = GSM7_CODE_OF.get(char);
    if (code !== undefined) out.push(code);
    else {
      const ext = GSM7_EXTENSION_CODE_OF.get(char);
      if (ext === undefined) throw new SmppEncodeError('text', `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} is not in GSM 03.38`);
      out.push(GSM7_ESCAPE, ext);
    }
  }
  return Buffer.from(out);
}

/**
 * Unpacked GSM 03.38 to text. An escape followed by a code the extension table
 * lacks reads as that code's default character (03.38 §6.2.1.1); a trailing
 * escape is dropped; an octet above 0x7F (not a septet) is U+FFFD.
 */
export function decodeGsm7(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i++) {
    const octet = bytes[i];
    if (octet > 0x7f) text += '\uFFFD';
    else if (octet === GSM7_ESCAPE) {
      if (i + 1 >= bytes.length) break;
      const next = bytes[++i];
      text += GSM7_CHAR_OF_EXTENSION.get(next) ?? (next > 0x7f ? '\uFFFD' : next === GSM7_ESCAPE ? ' ' : GSM7_DEFAULT_ALPHABET[next]);
    } else text += GSM7_DEFAULT_ALPHABET[octet];
  }
  return text;
}
