import type { ShortMessageFields } from '../pdu/pdu-types';

/**
 * The submit_sm / deliver_sm fields of the codec's specs: an international E.164 pair (TON 1, NPI 1), GSM
 * text "Hello" with a final receipt asked for; each spec overrides what it is about.
 */
export function shortMessageFields(overrides: Partial<ShortMessageFields> = {}): ShortMessageFields {
  return {
    serviceType: '',
    sourceAddrTon: 1,
    sourceAddrNpi: 1,
    sourceAddr: '447700900001',
    destAddrTon: 1,
    destAddrNpi: 1,
    destinationAddr: '447700900002',
    esmClass: 0,
    protocolId: 0,
    priorityFlag: 0,
    scheduleDeliveryTime: '',
    validityPeriod: '',
    registeredDelivery: 1,
    replaceIfPresentFlag: 0,
    dataCoding: 0,
    smDefaultMsgId: 0,
    shortMessage: Buffer.from('Hello'),
    ...overrides,
  };
}
