import { CommandStatus, decodeShortMessage, ESM_CLASS_UDHI, partOf, type Concatenation, type PduOf, type Tlvs } from '@mp/smpp';

/** A submit_sm as the sandbox SMSC files it: the wire fields, the decoded text and its place in a longer message. */
export interface SubmittedPart {
  /** The bind it came on. */
  systemId: string;
  sourceAddrTon: number;
  sourceAddrNpi: number;
  sourceAddr: string;
  destAddrTon: number;
  destAddrNpi: number;
  destinationAddr: string;
  /** The addresses as the platform writes them: `+` and digits for an international (TON 1) number, else as sent. */
  from: string;
  to: string;
  esmClass: number;
  dataCoding: number;
  registeredDelivery: number;
  shortMessage: Buffer;
  tlvs: Tlvs;
  /** This part's text (UDH removed; message_payload when present); empty for binary data or an alphabet not read here. */
  text: string;
  concatenation: Concatenation | undefined;
  /** The whole submit_sm as received. */
  pdu: Buffer;
}

export type PartCheck = { ok: true; part: SubmittedPart } | { ok: false; commandStatus: number; reason: string };

const TON_INTERNATIONAL = 1;

/** `447700900001` with TON 1 → `+447700900001`; anything else as sent. */
export function platformAddress(addr: string, ton: number): string {
  if (ton === TON_INTERNATIONAL && /^\+?\d{1,20}$/.test(addr)) return addr.startsWith('+') ? addr : `+${addr}`;
  return addr;
}

/**
 * Reads a submit_sm as an SMSC would before accepting it: both addresses
 * present, not both short_message and message_payload, a readable UDH (when
 * esm_class says UDHI) or SAR place. A refusal carries the status an SMSC
 * answers with.
 */
export function readSubmittedPart(pdu: PduOf<'submit_sm'>, bytes: Buffer, systemId: string): PartCheck {
  if (pdu.destinationAddr.trim() === '') return { ok: false, commandStatus: CommandStatus.ESME_RINVDSTADR, reason: 'no destination_addr' };
  if (pdu.sourceAddr.trim() === '') return { ok: false, commandStatus: CommandStatus.ESME_RINVSRCADR, reason: 'no source_addr' };
  const tlvs = pdu.tlvs ?? {};
  if (tlvs.messagePayload !== undefined && pdu.shortMessage.length > 0) {
    // SMPP 3.4 §5.3.2.32: with message_payload, sm_length is 0.
    return { ok: false, commandStatus: CommandStatus.ESME_RINVMSGLEN, reason: 'both short_message and message_payload' };
  }
  const place = partOf({ esmClass: pdu.esmClass, shortMessage: pdu.shortMessage, tlvs });
  if (!place.ok) return { ok: false, commandStatus: CommandStatus.ESME_RINVESMCLASS, reason: place.reason };
  const concatenation = place.concatenation;
  if (concatenation && (concatenation.total < 1 || concatenation.seq < 1 || concatenation.seq > concatenation.total)) {
    const status = pdu.esmClass & ESM_CLASS_UDHI ? CommandStatus.ESME_RINVESMCLASS : CommandStatus.ESME_RINVOPTPARAMVAL;
    return { ok: false, commandStatus: status, reason: `part ${concatenation.seq} of ${concatenation.total}` };
  }
  return {
    ok: true,
    part: {
      systemId,
      sourceAddrTon: pdu.sourceAddrTon,
      sourceAddrNpi: pdu.sourceAddrNpi,
      sourceAddr: pdu.sourceAddr,
      destAddrTon: pdu.destAddrTon,
      destAddrNpi: pdu.destAddrNpi,
      destinationAddr: pdu.destinationAddr,
      from: platformAddress(pdu.sourceAddr, pdu.sourceAddrTon),
      to: platformAddress(pdu.destinationAddr, pdu.destAddrTon),
      esmClass: pdu.esmClass,
      dataCoding: pdu.dataCoding,
      registeredDelivery: pdu.registeredDelivery,
      shortMessage: pdu.shortMessage,
      tlvs,
      text: decodeShortMessage(place.text, pdu.dataCoding).text ?? '',
      concatenation: concatenation && concatenation.total > 1 ? concatenation : undefined,
      pdu: bytes,
    },
  };
}

/** TLVs as JSON for the record: octet values (message_payload, unknown tags) as hex. */
export function tlvsAsJson(tlvs: Tlvs): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(tlvs)) {
    if (value === undefined) continue;
    if (Buffer.isBuffer(value)) out[name] = value.toString('hex');
    else if (name === 'unknown') out[name] = (value as Array<{ tag: number; value: Buffer }>).map((t) => ({ tag: t.tag, value: t.value.toString('hex') }));
    else out[name] = value;
  }
  return out;
}

/** registered_delivery bits 0-1 (SMPP 3.4 §5.2.17): 01 a receipt for success and failure, 10 for failure only, 00 none. */
export function wantsReceipt(registeredDelivery: number, delivered: boolean): boolean {
  const bits = registeredDelivery & 0x03;
  return bits === 0x01 || (bits === 0x02 && !delivered);
}
