import { segmentText, splitMessage, type SmsEncoding, type SubmitFields } from '@mp/smpp';
import type { CarrierSubmission } from '../carrier.port';
import { sourceAddressing, type SmppConnection } from '@mp/carrier-connections';

/** registered_delivery 0x01: a final receipt, delivered or not, for every part (CARRIERS.md §1.5). */
export const FINAL_RECEIPT = 0x01;

export interface SubmitPart {
  fields: SubmitFields;
  /** Segments this submit_sm carries, what pacing counts: 1, or all of them for `message_payload`. */
  segments: number;
}

export interface PreparedSubmission {
  encoding: SmsEncoding;
  /** segmentText's count: what the API returned and billed. */
  segmentCount: number;
  parts: SubmitPart[];
}

/** E.164 goes on the wire as digits (TON 1 says it is international); an alphanumeric sender as it is. */
function address(value: string): string {
  return /^\+[0-9]+$/.test(value) ? value.slice(1) : value;
}

/**
 * The submit_sm PDUs of one submission: split where billing splits it
 * (splitMessage over segmentText), data_coding always explicit (0x00 GSM 03.38
 * with extension escapes, 0x08 UCS-2 big-endian), long messages by the
 * connection's method with `reference` (8-bit for UDH, 16-bit for SAR),
 * a receipt asked for on every part, TON/NPI from the connection (the
 * sender's kind where it leaves the source unset). Throws SmppEncodeError for
 * a body no concatenation can carry (more than 255 segments, a payload past 64 KB).
 */
export function prepareSubmission(connection: SmppConnection, submission: CarrierSubmission, reference: number): PreparedSubmission {
  const { segments } = segmentText(submission.body);
  const split = splitMessage(submission.body, { method: connection.longMessages, reference });
  const source = sourceAddressing(connection, submission.from);
  const parts = split.parts.map(
    (part): SubmitPart => ({
      segments: split.parts.length === 1 ? segments.length : 1,
      fields: {
        serviceType: '',
        sourceAddrTon: source.ton,
        sourceAddrNpi: source.npi,
        sourceAddr: address(submission.from),
        destAddrTon: connection.destTon,
        destAddrNpi: connection.destNpi,
        destinationAddr: address(submission.to),
        esmClass: part.esmClass,
        protocolId: 0,
        priorityFlag: 0,
        scheduleDeliveryTime: '',
        validityPeriod: '',
        registeredDelivery: FINAL_RECEIPT,
        replaceIfPresentFlag: 0,
        dataCoding: split.dataCoding,
        smDefaultMsgId: 0,
        shortMessage: part.shortMessage,
        ...(Object.keys(part.tlvs).length > 0 ? { tlvs: part.tlvs } : {}),
      },
    }),
  );
  return { encoding: split.encoding, segmentCount: segments.length, parts };
}
