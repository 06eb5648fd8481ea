import { SmppEncodeError } from '../pdu/smpp-errors';
import type { Tlvs } from '../pdu/tlv-definitions';
import { DataCoding } from '../text/data-coding';
import { encodeGsm7 } from '../text/gsm7';
import { segmentText, type SmsEncoding } from '../text/segment-text';
import { encodeUcs2 } from '../text/ucs2';

/** How a message longer than one segment goes out (CARRIERS.md §1.3): UDH by default. */
export type LongMessageMethod = 'udh' | 'sar' | 'payload';

/** esm_class bit 6: short_message starts with a User Data Header. */
export const ESM_CLASS_UDHI = 0x40;

export interface MessagePart {
  shortMessage: Buffer;
  /** Bits to OR into the submit_sm's esm_class (ESM_CLASS_UDHI for a UDH part, else 0). */
  esmClass: number;
  tlvs: Tlvs;
}

export interface SplitMessage {
  encoding: SmsEncoding;
  dataCoding: number;
  /** The segments segmentText (and so the API's segmentCount) counts; one submit_sm each (one in all for `payload`). */
  parts: MessagePart[];
}

export interface SplitOptions {
  method: LongMessageMethod;
  /** Concatenation reference shared by the parts: 0-255 for UDH (8-bit), 0-65535 for SAR. */
  reference: number;
}

/**
 * A body as the submit_sm parts that carry it, split exactly where billing
 * splits it. A single-segment body is one plain part whatever the method.
 */
export function splitMessage(body: string, options: SplitOptions): SplitMessage {
  const { encoding, segments } = segmentText(body);
  const encode = encoding === 'gsm7' ? encodeGsm7 : encodeUcs2;
  const dataCoding = encoding === 'gsm7' ? DataCoding.GSM7 : DataCoding.UCS2;
  if (segments.length === 1) return { encoding, dataCoding, parts: [{ shortMessage: encode(segments[0]), esmClass: 0, tlvs: {} }] };

  const total = segments.length;
  if (options.method === 'payload') {
    const payload = encode(body);
    if (payload.length > 0xffff) throw new SmppEncodeError('messagePayload', `${payload.length} octets; at most 65535`);
    return { encoding, dataCoding, parts: [{ shortMessage: Buffer.alloc(0), esmClass: 0, tlvs: { messagePayload: payload } }] };
  }
  if (total > 255) throw new SmppEncodeError('body', `${total} segments; concatenation counts at most 255`);
  const maxReference = options.method === 'udh' ? 0xff : 0xffff;
  if (!Number.isInteger(options.reference) || options.reference < 0 || options.reference > maxReference) {
    throw new SmppEncodeError('reference', `${options.reference} is not an integer in 0..${maxReference}`);
  }
  const parts = segments.map((segment, index): MessagePart => {
    const seq = index + 1;
    if (options.method === 'udh') {
      // IEI 0x00 (concatenated short messages, 8-bit reference), length 3: ref, total, seq.
      const udh = Buffer.of(0x05, 0x00, 0x03, options.reference, total, seq);
      return { shortMessage: Buffer.concat([udh, encode(segment)]), esmClass: ESM_CLASS_UDHI, tlvs: {} };
    }
    return { shortMessage: encode(segment), esmClass: 0, tlvs: { sarMsgRefNum: options.reference, sarTotalSegments: total, sarSegmentSeqnum: seq } };
  });
  return { encoding, dataCoding, parts };
}
