import { CommandStatus } from './command-status';
import { errorResponseTo } from './error-response';
import { decodePdu, encodePdu } from './pdu-codec';
import { shortMessageFields } from '../testing/short-message-fields';
import type { Pdu } from './pdu-types';
import { SmppDecodeError, SmppEncodeError } from './smpp-errors';

// Hex written by hand from SMPP 3.4's PDU layouts (§4), one field per group;
// spaces and `|` are only for the reader.
const hex = (s: string): Buffer => Buffer.from(s.replace(/[\s|]/g, ''), 'hex');

function decoded(bytes: Buffer): Pdu {
  const result = decodePdu(bytes);
  if (!result.ok) throw new Error(`expected a PDU, got ${result.error.message}`);
  return result.pdu;
}

function decodeError(bytes: Buffer): SmppDecodeError {
  const result = decodePdu(bytes);
  if (result.ok) throw new Error(`expected a decode error, got ${result.pdu.command}`);
  return result.error;
}

/** Both directions: our encoding is the spec's bytes, and the spec's bytes decode to the same PDU. */
function expectWire(pdu: Pdu, wire: string): void {
  expect(encodePdu(pdu).toString('hex')).toBe(hex(wire).toString('hex'));
  expect(decoded(hex(wire))).toEqual(pdu);
}

const BIND_BODY = {
  systemId: 'SMPP3TEST',
  password: 'secret08',
  systemType: 'SUBMIT1',
  interfaceVersion: 0x34,
  addrTon: 1,
  addrNpi: 1,
  addressRange: '',
};
const BIND_BODY_HEX = `
  534d5050335445535400 | 7365637265743038 00 | 5355424d49543100 | 34 | 01 | 01 | 00`;

const SUBMIT = shortMessageFields();
const SUBMIT_BODY_HEX = `
  00 |
  01 01 343437373030393030303031 00 |
  01 01 343437373030393030303032 00 |
  00 00 00 | 00 | 00 | 01 00 00 00 |
  05 48656c6c6f`;

describe('SMPP 3.4 PDUs byte for byte', () => {
  it.each([
    ['bind_transmitter', '00000002'],
    ['bind_receiver', '00000001'],
    ['bind_transceiver', '00000009'],
  ] as const)('%s (system_id ≤16, password ≤9, system_type ≤13 with their NULs)', (command, id) => {
    expectWire({ command, commandStatus: 0, sequenceNumber: 1, ...BIND_BODY }, `0000002f ${id} 00000000 00000001 ${BIND_BODY_HEX}`);
  });

  it.each([
    ['bind_transmitter_resp', '80000002'],
    ['bind_receiver_resp', '80000001'],
    ['bind_transceiver_resp', '80000009'],
  ] as const)('%s with system_id, and refused without a body', (command, id) => {
    expectWire({ command, commandStatus: 0, sequenceNumber: 1, systemId: 'SMSC' }, `00000015 ${id} 00000000 00000001 534d534300`);
    expectWire({ command, commandStatus: CommandStatus.ESME_RINVPASWD, sequenceNumber: 1, systemId: '' }, `00000010 ${id} 0000000e 00000001`);
  });

  it('bind_transceiver_resp with the sc_interface_version TLV', () => {
    expectWire(
      { command: 'bind_transceiver_resp', commandStatus: 0, sequenceNumber: 1, systemId: 'SMSC', tlvs: { scInterfaceVersion: 0x34 } },
      '0000001a 80000009 00000000 00000001 534d534300 | 0210 0001 34',
    );
  });

  it('submit_sm with a 5-octet short_message', () => {
    expectWire({ command: 'submit_sm', commandStatus: 0, sequenceNumber: 2, ...SUBMIT }, `0000003e 00000004 00000000 00000002 ${SUBMIT_BODY_HEX}`);
  });

  it('submit_sm with SAR TLVs and a vendor TLV it has no name for, re-encoded unchanged', () => {
    const pdu: Pdu = {
      command: 'submit_sm',
      commandStatus: 0,
      sequenceNumber: 2,
      ...SUBMIT,
      tlvs: { sarMsgRefNum: 0x1234, sarTotalSegments: 3, sarSegmentSeqnum: 1, unknown: [{ tag: 0x1400, value: Buffer.from('ab') }] },
    };
    expectWire(pdu, `00000054 00000004 00000000 00000002 ${SUBMIT_BODY_HEX} | 020c 0002 1234 | 020e 0001 03 | 020f 0001 01 | 1400 0002 6162`);
  });

  it('submit_sm with message_payload and sm_length 0', () => {
    const payload = Buffer.from('a long text');
    expectWire(
      { command: 'submit_sm', commandStatus: 0, sequenceNumber: 3, ...SUBMIT, shortMessage: Buffer.alloc(0), tlvs: { messagePayload: payload } },
      `00000048 00000004 00000000 00000003 ${SUBMIT_BODY_HEX.replace('05 48656c6c6f', '00')} | 0424 000b 61206c6f6e672074657874`,
    );
  });

  it('submit_sm_resp with message_id, and a throttled one without a body', () => {
    expectWire({ command: 'submit_sm_resp', commandStatus: 0, sequenceNumber: 2, messageId: 'ABC001' }, '00000017 80000004 00000000 00000002 41424330303100');
    expectWire(
      { command: 'submit_sm_resp', commandStatus: CommandStatus.ESME_RTHROTTLED, sequenceNumber: 2, messageId: '' },
      '00000010 80000004 00000058 00000002',
    );
  });

  it('a refused response with an empty TLV object still goes without a body', () => {
    const refused: Pdu = { command: 'submit_sm_resp', commandStatus: CommandStatus.ESME_RSUBMITFAIL, sequenceNumber: 2, messageId: '', tlvs: {} };
    expect(encodePdu(refused).toString('hex')).toBe('00000010800000040000004500000002');
  });

  it('deliver_sm receipt with receipted_message_id, message_state and network_error_code', () => {
    const text = Buffer.from('id:ABC001 stat:DELIVRD');
    const pdu: Pdu = {
      command: 'deliver_sm',
      commandStatus: 0,
      sequenceNumber: 7,
      ...SUBMIT,
      sourceAddr: '447700900002',
      destinationAddr: '447700900001',
      esmClass: 0x04,
      registeredDelivery: 0,
      shortMessage: text,
      tlvs: { receiptedMessageId: 'ABC001', messageState: 2, networkErrorCode: { networkType: 3, errorCode: 0 } },
    };
    expectWire(
      pdu,
      `00000066 00000005 00000000 00000007
       00 | 01 01 343437373030393030303032 00 | 01 01 343437373030393030303031 00 |
       04 00 00 | 00 | 00 | 00 00 00 00 | 16 ${text.toString('hex')} |
       001e 0007 41424330303100 | 0427 0001 02 | 0423 0003 03 0000`,
    );
  });

  it('deliver_sm_resp with its NULL message_id', () => {
    expectWire({ command: 'deliver_sm_resp', commandStatus: 0, sequenceNumber: 7, messageId: '' }, '00000011 80000005 00000000 00000007 00');
  });

  it.each([
    ['enquire_link', '00000015'],
    ['enquire_link_resp', '80000015'],
    ['unbind', '00000006'],
    ['unbind_resp', '80000006'],
  ] as const)('%s is a header only', (command, id) => {
    expectWire({ command, commandStatus: 0, sequenceNumber: 0x7fffffff }, `00000010 ${id} 00000000 7fffffff`);
  });

  it('generic_nack carries its status', () => {
    expectWire({ command: 'generic_nack', commandStatus: CommandStatus.ESME_RINVCMDID, sequenceNumber: 9 }, '00000010 80000000 00000003 00000009');
  });

  it('data_sm and data_sm_resp', () => {
    expectWire(
      {
        command: 'data_sm',
        commandStatus: 0,
        sequenceNumber: 4,
        serviceType: '',
        sourceAddrTon: 1,
        sourceAddrNpi: 1,
        sourceAddr: '447700900001',
        destAddrTon: 1,
        destAddrNpi: 1,
        destinationAddr: '447700900002',
        esmClass: 0,
        registeredDelivery: 1,
        dataCoding: 8,
        tlvs: { messagePayload: Buffer.from('00480069', 'hex') },
      },
      `0000003a 00000103 00000000 00000004
       00 | 01 01 343437373030393030303031 00 | 01 01 343437373030393030303032 00 | 00 | 01 | 08 |
       0424 0004 00480069`,
    );
    expectWire({ command: 'data_sm_resp', commandStatus: 0, sequenceNumber: 4, messageId: 'X1' }, '00000013 80000103 00000000 00000004 583100');
  });
});

describe('malformed PDUs are typed decode errors with the answer to send', () => {
  it('unknown command_id: ESME_RINVCMDID, answered with generic_nack', () => {
    const error = decodeError(hex('00000010 00000099 00000000 0000002a'));
    expect(error).toMatchObject({ sequenceNumber: 42, commandId: 0x99, commandStatus: CommandStatus.ESME_RINVCMDID, streamCanContinue: true });
    expect(errorResponseTo(error)).toEqual({ command: 'generic_nack', commandStatus: CommandStatus.ESME_RINVCMDID, sequenceNumber: 42 });
  });

  it('C-Octet String without its NUL: ESME_RINVCMDLEN, answered with the request’s own response', () => {
    const error = decodeError(hex('00000013 00000009 00000000 00000007 414243'));
    expect(error).toMatchObject({ sequenceNumber: 7, commandStatus: CommandStatus.ESME_RINVCMDLEN, streamCanContinue: true });
    expect(error.reason).toMatch(/systemId/);
    const answer = errorResponseTo(error)!;
    expect(answer).toEqual({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RINVCMDLEN, sequenceNumber: 7, systemId: '' });
    expect(encodePdu(answer).toString('hex')).toBe('0000001080000009000000020000000' + '7');
  });

  it('sm_length past the end of the body: ESME_RINVCMDLEN', () => {
    const body = hex(SUBMIT_BODY_HEX.replace('05 48656c6c6f', '09 48656c6c6f'));
    const frame = Buffer.concat([hex(`${(16 + body.length).toString(16).padStart(8, '0')} 00000004 00000000 00000003`), body]);
    expect(decodeError(frame)).toMatchObject({ sequenceNumber: 3, commandStatus: CommandStatus.ESME_RINVCMDLEN });
    expect(errorResponseTo(decodeError(frame))).toEqual({ command: 'submit_sm_resp', commandStatus: CommandStatus.ESME_RINVCMDLEN, sequenceNumber: 3, messageId: '' });
  });

  it.each([
    ['a TLV whose length runs past the end', '0424 0010 4142', CommandStatus.ESME_RINVOPTPARSTREAM],
    ['a TLV cut inside its header', '0424 00', CommandStatus.ESME_RINVOPTPARSTREAM],
    ['a one-octet TLV of two octets (message_state)', '0427 0002 0002', CommandStatus.ESME_RINVPARLEN],
    ['a network_error_code of two octets', '0423 0002 0300', CommandStatus.ESME_RINVPARLEN],
  ])('%s', (_name, tlv, status) => {
    const body = Buffer.concat([hex(SUBMIT_BODY_HEX), hex(tlv)]);
    const frame = Buffer.concat([hex(`${(16 + body.length).toString(16).padStart(8, '0')} 00000005 00000000 00000005`), body]);
    expect(decodeError(frame)).toMatchObject({ sequenceNumber: 5, commandId: 5, commandStatus: status, streamCanContinue: true });
  });

  it('a malformed response is not answered (the pending request fails instead)', () => {
    const error = decodeError(hex('00000013 80000004 00000000 00000002 414243'));
    expect(error.commandStatus).toBe(CommandStatus.ESME_RINVCMDLEN);
    expect(errorResponseTo(error)).toBeUndefined();
  });

  it('a frame shorter than its header or unlike its command_length', () => {
    expect(decodeError(hex('0000000c 00000015 00000000'))).toMatchObject({ commandStatus: CommandStatus.ESME_RINVCMDLEN });
    expect(decodeError(hex('00000011 00000015 00000000 00000003'))).toMatchObject({ commandStatus: CommandStatus.ESME_RINVCMDLEN, sequenceNumber: 3 });
  });
});

describe('encoding refuses what SMPP 3.4 cannot carry', () => {
  const bind = { command: 'bind_transceiver', commandStatus: 0, sequenceNumber: 1, ...BIND_BODY } as const;
  const submit = { command: 'submit_sm', commandStatus: 0, sequenceNumber: 1, ...SUBMIT } as const;

  it.each([
    ['a 16-character system_id', { ...bind, systemId: 'x'.repeat(16) }, /systemId: 16 characters; at most 15/],
    ['a 9-character password', { ...bind, password: 'x'.repeat(9) }, /password: 9 characters; at most 8/],
    ['a 21-character destination_addr', { ...submit, destinationAddr: '1'.repeat(21) }, /destinationAddr/],
    ['a 255-octet short_message', { ...submit, shortMessage: Buffer.alloc(255) }, /shortMessage: 255 octets; at most 254/],
    ['a validity_period that is not a 16-character time', { ...submit, validityPeriod: '1d' }, /validityPeriod: must be empty or 16/],
    ['a data_coding over one octet', { ...submit, dataCoding: 256 }, /dataCoding/],
    ['a non-ASCII address', { ...submit, sourceAddr: 'Ŝender' }, /sourceAddr: must be ASCII/],
    ['a receipted_message_id over 64 characters', { ...submit, tlvs: { receiptedMessageId: 'x'.repeat(65) } }, /receiptedMessageId/],
  ] as Array<[string, Pdu, RegExp]>)('%s', (_name, pdu, message) => {
    expect(() => encodePdu(pdu)).toThrow(SmppEncodeError);
    expect(() => encodePdu(pdu)).toThrow(message);
  });

  it('accepts the limits themselves', () => {
    expect(() => encodePdu({ ...bind, systemId: 'x'.repeat(15), password: 'x'.repeat(8) })).not.toThrow();
    expect(() => encodePdu({ ...submit, shortMessage: Buffer.alloc(254), validityPeriod: '000001000000000R' })).not.toThrow();
  });
});
