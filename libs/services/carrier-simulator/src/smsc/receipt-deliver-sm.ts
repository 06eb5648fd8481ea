import { encodeGsm7, MessageState, RECEIPT_STAT_OF_STATE, type PduOf } from '@mp/smpp';
import type { SmscReceiptRow } from './smsc-receipts.repository';

/** esm_class 0x04: the deliver_sm is an SMSC delivery receipt (SMPP 3.4 §5.2.12). */
export const ESM_CLASS_DELIVERY_RECEIPT = 0x04;

/**
 * The `err:` of an undelivered receipt and its network_error_code: GSM MAP 27,
 * absent subscriber (the unreachable handset the HTTP carrier reports as 30003).
 */
export const UNDELIVERED_NETWORK_ERROR = { networkType: 3, errorCode: 27 } as const;
export const UNDELIVERED_SMPP_ERR = '027';

/** YYMMDDhhmm (SMPP 3.4 Appendix B), UTC. */
export function receiptDate(date: Date): string {
  const iso = date.toISOString(); // 2026-11-27T23:05:09.000Z
  return iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10) + iso.slice(11, 13) + iso.slice(14, 16);
}

/**
 * The first 20 characters of the message for `text:`, kept to those that read
 * the same in GSM 03.38 and ASCII: ESMEs decode receipt text either way.
 */
export function receiptExcerpt(body: string): string {
  return [...body]
    .slice(0, 20)
    .map((c) => (/^[A-Za-z0-9 .,:;!?'()+\-*/%&#"=<>]$/.test(c) ? c : '.'))
    .join('');
}

/** The receipt text SMPP 3.4 Appendix B describes. */
export function receiptText(row: Pick<SmscReceiptRow, 'carrier_message_id' | 'status' | 'submitted_at' | 'occurred_at' | 'body'>): string {
  const delivered = row.status === 'delivered';
  const state = delivered ? MessageState.DELIVERED : MessageState.UNDELIVERABLE;
  return [
    `id:${row.carrier_message_id}`,
    'sub:001',
    `dlvrd:${delivered ? '001' : '000'}`,
    `submit date:${receiptDate(new Date(row.submitted_at))}`,
    `done date:${receiptDate(new Date(row.occurred_at))}`,
    `stat:${RECEIPT_STAT_OF_STATE[state]}`,
    `err:${delivered ? '000' : UNDELIVERED_SMPP_ERR}`,
    `text:${receiptExcerpt(row.body)}`,
  ].join(' ');
}

/**
 * A delivery receipt as deliver_sm: from the message's destination back to its
 * sender, esm_class 0x04, the text form in short_message and the same facts as
 * TLVs (receipted_message_id, message_state, network_error_code when undelivered).
 */
export function receiptDeliverSm(row: SmscReceiptRow): Omit<PduOf<'deliver_sm'>, 'sequenceNumber'> {
  const delivered = row.status === 'delivered';
  return {
    command: 'deliver_sm',
    commandStatus: 0,
    serviceType: '',
    sourceAddrTon: row.dest_addr_ton,
    sourceAddrNpi: row.dest_addr_npi,
    sourceAddr: row.destination_addr,
    destAddrTon: row.source_addr_ton,
    destAddrNpi: row.source_addr_npi,
    destinationAddr: row.source_addr,
    esmClass: ESM_CLASS_DELIVERY_RECEIPT,
    protocolId: 0,
    priorityFlag: 0,
    scheduleDeliveryTime: '',
    validityPeriod: '',
    registeredDelivery: 0,
    replaceIfPresentFlag: 0,
    dataCoding: 0x00,
    smDefaultMsgId: 0,
    shortMessage: encodeGsm7(receiptText(row)),
    tlvs: {
      receiptedMessageId: row.carrier_message_id,
      messageState: delivered ? MessageState.DELIVERED : MessageState.UNDELIVERABLE,
      ...(delivered ? {} : { networkErrorCode: UNDELIVERED_NETWORK_ERROR }),
    },
  };
}
