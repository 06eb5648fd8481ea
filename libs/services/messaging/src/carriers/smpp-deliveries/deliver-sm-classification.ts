import { DataCoding, decodeUcs2, parseReceiptText, partOf, RECEIPT_STAT_OF_STATE, type Concatenation, type PduOf } from '@mp/smpp';

/** esm_class bits 2-5 (SMPP 3.4 §5.2.12): the message type. */
const MESSAGE_TYPE_MASK = 0x3c;
const SMSC_DELIVERY_RECEIPT = 0x04;
const INTERMEDIATE_NOTIFICATION = 0x20;

export type DeliverSmClass =
  | { kind: 'receipt'; receiptedId: string; stat: string; err: string | undefined; networkError: string | undefined }
  | { kind: 'unparseable'; reason: string }
  | { kind: 'inbound'; concatenation: Concatenation | undefined; text: Buffer };

/** A receipt's short_message as text: ASCII in practice; UCS-2 when data_coding says so. */
function receiptText(pdu: PduOf<'deliver_sm'>): string {
  const body = pdu.tlvs?.messagePayload ?? pdu.shortMessage;
  return pdu.dataCoding === DataCoding.UCS2 ? decodeUcs2(body) : Buffer.from(body).toString('latin1');
}

function receiptOf(pdu: PduOf<'deliver_sm'>): DeliverSmClass {
  const tlvs = pdu.tlvs ?? {};
  const written = receiptText(pdu);
  const tlvId = tlvs.receiptedMessageId?.trim();
  // The text may leave out the id when the TLV carries it: read its other fields all the same.
  const first = parseReceiptText(written);
  const parsed = !first.ok && tlvId ? parseReceiptText(`id:${tlvId} ${written}`) : first;
  const text = parsed.ok ? parsed.receipt : undefined;
  // TLVs first (exact), the text form where they are missing (SMPP 3.4 §5.2.12, Appendix B).
  const receiptedId = tlvId || text?.id;
  const stat = (tlvs.messageState !== undefined ? RECEIPT_STAT_OF_STATE[tlvs.messageState] : undefined) ?? text?.stat;
  if (!receiptedId || !stat) {
    const why = parsed.ok ? 'no message_state' : first.ok ? 'no stat' : first.reason;
    return { kind: 'unparseable', reason: receiptedId ? why : `no receipted_message_id and ${why}` };
  }
  const network = tlvs.networkErrorCode;
  const networkError = network ? `${network.networkType}:${network.errorCode}` : undefined;
  return { kind: 'receipt', receiptedId, stat, err: text?.err ?? networkError, networkError };
}

/**
 * A deliver_sm is a receipt when esm_class says SMSC delivery receipt (or an
 * intermediate notification) or it names a receipted_message_id; anything
 * else is a recipient's message (mobile originated). A receipt without an id
 * and a stat, or a message whose UDH is broken, is `unparseable`.
 */
export function classifyDeliverSm(pdu: PduOf<'deliver_sm'>): DeliverSmClass {
  const type = pdu.esmClass & MESSAGE_TYPE_MASK;
  if (type === SMSC_DELIVERY_RECEIPT || type === INTERMEDIATE_NOTIFICATION || pdu.tlvs?.receiptedMessageId !== undefined) return receiptOf(pdu);
  const part = partOf(pdu);
  if (!part.ok) return { kind: 'unparseable', reason: part.reason };
  return { kind: 'inbound', concatenation: part.concatenation, text: part.text };
}
