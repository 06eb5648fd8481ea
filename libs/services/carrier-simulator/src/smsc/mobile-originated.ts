import { splitMessage, type PduOf } from '@mp/smpp';

/** A recipient's message to one of the platform's numbers, as the SMSC delivers it. */
export interface MobileOriginated {
  /** The handset: E.164. */
  from: string;
  /** The platform's number: E.164, or an alphanumeric sender. */
  to: string;
  body: string;
  /** 0-255, shared by the parts of a long message (random when omitted). */
  reference?: number;
}

/** TON/NPI of an address: international E.164 (1/1), alphanumeric (5/0). */
export function addressOf(address: string): { ton: number; npi: number; addr: string } {
  return /^\+\d{1,15}$/.test(address) ? { ton: 1, npi: 1, addr: address.slice(1) } : { ton: 5, npi: 0, addr: address };
}

/**
 * The deliver_sm PDUs of a mobile-originated message (esm_class 0, no receipt
 * flag): GSM 03.38 (data_coding 0x00) or UCS-2 (0x08) as the text needs, a long
 * text in parts with UDH concatenation (8-bit reference, esm_class UDHI).
 */
export function mobileOriginatedPdus(mo: MobileOriginated): Array<Omit<PduOf<'deliver_sm'>, 'sequenceNumber'>> {
  const source = addressOf(mo.from);
  const destination = addressOf(mo.to);
  const { dataCoding, parts } = splitMessage(mo.body, { method: 'udh', reference: mo.reference ?? Math.floor(Math.random() * 256) });
  return parts.map((part) => ({
    command: 'deliver_sm',
    commandStatus: 0,
    serviceType: '',
    sourceAddrTon: source.ton,
    sourceAddrNpi: source.npi,
    sourceAddr: source.addr,
    destAddrTon: destination.ton,
    destAddrNpi: destination.npi,
    destinationAddr: destination.addr,
    esmClass: part.esmClass,
    protocolId: 0,
    priorityFlag: 0,
    scheduleDeliveryTime: '',
    validityPeriod: '',
    registeredDelivery: 0,
    replaceIfPresentFlag: 0,
    dataCoding,
    smDefaultMsgId: 0,
    shortMessage: part.shortMessage,
    ...(Object.keys(part.tlvs).length > 0 ? { tlvs: part.tlvs } : {}),
  }));
}
