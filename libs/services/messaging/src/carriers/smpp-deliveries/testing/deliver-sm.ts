import { encodeGsm7, type PduOf, type Tlvs } from '@mp/smpp';
import { shortMessageFields } from '@mp/smpp/src/testing/short-message-fields';

let sequence = 1;

/** A deliver_sm as a bind hands it over (the SMSC to us: sender is the phone, destination our number). */
export function deliverSm(overrides: Partial<PduOf<'deliver_sm'>> = {}): PduOf<'deliver_sm'> {
  return {
    command: 'deliver_sm',
    sequenceNumber: sequence++,
    commandStatus: 0,
    ...shortMessageFields({ sourceAddr: '447700900123', destinationAddr: '15550000001', registeredDelivery: 0 }),
    ...overrides,
  };
}

/** An SMSC delivery receipt (esm_class 0x04) in text form, optionally with its TLVs. */
export function receiptSm(id: string, stat: string, options: { err?: string; tlvs?: Tlvs; text?: string } = {}): PduOf<'deliver_sm'> {
  const text = options.text ?? `id:${id} sub:001 dlvrd:001 submit date:2611271000 done date:2611271001 stat:${stat} err:${options.err ?? '000'} text:Hello`;
  return deliverSm({ esmClass: 0x04, shortMessage: Buffer.from(text, 'latin1'), ...(options.tlvs ? { tlvs: options.tlvs } : {}) });
}

/** A recipient's message in GSM 7-bit, one part or part `seq` of `total` under UDH reference `ref`. */
export function moSm(text: string, concat?: { ref: number; total: number; seq: number }, overrides: Partial<PduOf<'deliver_sm'>> = {}): PduOf<'deliver_sm'> {
  const octets = Buffer.from(encodeGsm7(text));
  if (!concat) return deliverSm({ shortMessage: octets, ...overrides });
  const udh = Buffer.from([0x05, 0x00, 0x03, concat.ref, concat.total, concat.seq]);
  return deliverSm({ esmClass: 0x40, shortMessage: Buffer.concat([udh, octets]), ...overrides });
}
