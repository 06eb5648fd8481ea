/** UCS-2 big-endian (SMPP data_coding 0x08): every UTF-16 code unit as two octets, so an emoji is its surrogate pair. */
export function encodeUcs2(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf16le');
  return bytes.swap16();
}

/** Big-endian code units back to text; an odd trailing octet is U+FFFD. */
export function decodeUcs2(bytes: Uint8Array): string {
  const even = bytes.length - (bytes.length % 2);
  const swapped = Buffer.from(bytes.subarray(0, even)).swap16();
  return swapped.toString('utf16le') + (even < bytes.length ? '\uFFFD' : '');
}
