import { CommandId } from '../pdu/command-id';
import { decodePdu, encodePdu } from '../pdu/pdu-codec';
import type { Pdu } from '../pdu/pdu-types';
import { SmppDecodeError } from '../pdu/smpp-errors';
import { shortMessageFields } from '../testing/short-message-fields';
import { PduFramer } from './pdu-framer';

// Whatever an SMSC sends, decoding ends in a PDU or a typed error (issue 28 point 9).
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

// A receipt: from the handset's number back to the sender's, esm_class 0x04.
const RECEIPT: Pdu = {
  command: 'deliver_sm',
  commandStatus: 0,
  sequenceNumber: 9,
  ...shortMessageFields({
    sourceAddr: '447700900002',
    destinationAddr: '447700900001',
    esmClass: 4,
    registeredDelivery: 0,
    shortMessage: Buffer.from('id:1 stat:DELIVRD'),
  }),
  tlvs: { receiptedMessageId: '1', messageState: 2, networkErrorCode: { networkType: 3, errorCode: 0 } },
};

describe('hostile input', () => {
  it('every truncation of a valid PDU (command_length adjusted) is a typed decode error, never a throw', () => {
    const whole = encodePdu(RECEIPT);
    for (let length = 16; length < whole.length; length++) {
      const frame = Buffer.from(whole.subarray(0, length));
      frame.writeUInt32BE(length, 0);
      const result = decodePdu(frame);
      // Cuts between TLVs leave a shorter, valid PDU; every other cut is an error.
      if (!result.ok) expect(result.error).toBeInstanceOf(SmppDecodeError);
      else expect(result.pdu.command).toBe('deliver_sm');
    }
  });

  it('random bodies under every known command_id never throw', () => {
    const next = random(28);
    const ids = Object.values(CommandId);
    let errors = 0;
    for (let i = 0; i < 5000; i++) {
      const body = Buffer.from(Array.from({ length: Math.floor(next() * 80) }, () => Math.floor(next() * 256)));
      const header = Buffer.alloc(16);
      header.writeUInt32BE(16 + body.length, 0);
      header.writeUInt32BE(ids[Math.floor(next() * ids.length)], 4);
      header.writeUInt32BE(i, 12);
      const result = decodePdu(Buffer.concat([header, body]));
      if (!result.ok) {
        errors++;
        expect(result.error).toBeInstanceOf(SmppDecodeError);
        expect(result.error.sequenceNumber).toBe(i);
      }
    }
    expect(errors).toBeGreaterThan(1000); // the input really was hostile
  });

  it('random bytes fed to the framer in random chunks never throw', () => {
    const next = random(34);
    for (let run = 0; run < 200; run++) {
      const framer = new PduFramer();
      for (let chunk = 0; chunk < 20; chunk++) {
        const bytes = Buffer.from(Array.from({ length: Math.floor(next() * 64) }, () => Math.floor(next() * 256)));
        expect(() => framer.push(bytes)).not.toThrow();
      }
    }
  });
});
