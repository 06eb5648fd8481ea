/** Concatenation information of a part: from UDH IEI 0x00 (8-bit reference) or 0x08 (16-bit), or SAR TLVs. */
export interface Concatenation {
  reference: number;
  total: number;
  seq: number;
}

export type UdhResult =
  | { ok: true; concatenation: Concatenation | undefined; text: Buffer }
  | { ok: false; reason: string };

/**
 * Splits a short_message sent with esm_class UDHI into its header and text
 * (3GPP TS 23.040 §9.2.3.24): the concatenation element if there is one, the
 * text after the header. Other elements (ports, national language shifts) are
 * skipped. A header longer than the message is a failure, never a throw.
 */
export function readUdh(shortMessage: Uint8Array): UdhResult {
  if (shortMessage.length === 0) return { ok: false, reason: 'empty short_message' };
  const headerLength = shortMessage[0];
  if (1 + headerLength > shortMessage.length) return { ok: false, reason: `UDH length ${headerLength} runs past the ${shortMessage.length}-octet short_message` };
  let concatenation: Concatenation | undefined;
  for (let i = 1; i < 1 + headerLength; ) {
    if (i + 2 > 1 + headerLength) return { ok: false, reason: 'UDH element cut short' };
    const iei = shortMessage[i];
    const length = shortMessage[i + 1];
    const value = shortMessage.subarray(i + 2, i + 2 + length);
    if (i + 2 + length > 1 + headerLength) return { ok: false, reason: `UDH element 0x${iei.toString(16)} runs past the header` };
    if (iei === 0x00 && length === 3) concatenation = { reference: value[0], total: value[1], seq: value[2] };
    else if (iei === 0x08 && length === 4) concatenation = { reference: (value[0] << 8) | value[1], total: value[2], seq: value[3] };
    i += 2 + length;
  }
  return { ok: true, concatenation, text: Buffer.from(shortMessage.subarray(1 + headerLength)) };
}
