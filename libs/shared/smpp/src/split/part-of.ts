import type { ShortMessageFields } from '../pdu/pdu-types';
import type { Tlvs } from '../pdu/tlv-definitions';
import { readUdh, type Concatenation } from './read-udh';
import { ESM_CLASS_UDHI } from './split-message';

export type PartResult = { ok: true; concatenation: Concatenation | undefined; text: Buffer } | { ok: false; reason: string };

/**
 * The text octets of a submit_sm or deliver_sm and, for a part of a longer
 * message, its place: from the UDH when esm_class says UDHI, else from SAR
 * TLVs; message_payload, when present, is the text (SMPP 3.4 §5.3.2.32).
 */
export function partOf(pdu: Pick<ShortMessageFields, 'esmClass' | 'shortMessage'> & { tlvs?: Tlvs }): PartResult {
  const payload = pdu.tlvs?.messagePayload;
  const body = payload ?? pdu.shortMessage;
  if (pdu.esmClass & ESM_CLASS_UDHI) return readUdh(body);
  const { sarMsgRefNum, sarTotalSegments, sarSegmentSeqnum } = pdu.tlvs ?? {};
  if (sarMsgRefNum !== undefined && sarTotalSegments !== undefined && sarSegmentSeqnum !== undefined) {
    return { ok: true, concatenation: { reference: sarMsgRefNum, total: sarTotalSegments, seq: sarSegmentSeqnum }, text: Buffer.from(body) };
  }
  return { ok: true, concatenation: undefined, text: Buffer.from(body) };
}
