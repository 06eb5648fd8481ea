import { CommandStatus } from '../pdu/command-status';
import { errorResponseTo } from '../pdu/error-response';
import { encodePdu } from '../pdu/pdu-codec';
import type { Pdu } from '../pdu/pdu-types';
import { shortMessageFields } from '../testing/short-message-fields';
import { DEFAULT_MAX_COMMAND_LENGTH, PduFramer, type FramedItem } from './pdu-framer';

const hex = (s: string): Buffer => Buffer.from(s.replace(/\s/g, ''), 'hex');

const SUBMIT: Pdu = {
  command: 'submit_sm',
  commandStatus: 0,
  sequenceNumber: 2,
  ...shortMessageFields(),
  tlvs: { messagePayload: Buffer.alloc(300, 0x41) },
};
const PDUS: Pdu[] = [
  { command: 'enquire_link', commandStatus: 0, sequenceNumber: 1 },
  SUBMIT,
  { command: 'submit_sm_resp', commandStatus: 0, sequenceNumber: 2, messageId: 'ABC001' },
];
const STREAM = Buffer.concat(PDUS.map(encodePdu));

const pdus = (items: FramedItem[]): Pdu[] => items.map((i) => (i.kind === 'pdu' ? i.pdu : fail(i)));
function fail(item: FramedItem): never {
  throw new Error(`unexpected ${item.kind}: ${'error' in item ? item.error.message : ''}`);
}

describe('PduFramer', () => {
  it('yields each PDU once whole when fed one byte at a time', () => {
    const framer = new PduFramer();
    const seen: FramedItem[] = [];
    for (const byte of STREAM) seen.push(...framer.push(Buffer.of(byte)));
    expect(pdus(seen)).toEqual(PDUS);
    expect(framer.pendingBytes).toBe(0);
  });

  it('yields many PDUs from one chunk, in order', () => {
    expect(pdus(new PduFramer().push(Buffer.concat([STREAM, STREAM])))).toEqual([...PDUS, ...PDUS]);
  });

  it('keeps a PDU cut mid-header across chunks, and the raw bytes of each', () => {
    const framer = new PduFramer();
    expect(framer.push(STREAM.subarray(0, 16 + 10))).toHaveLength(1); // enquire_link, then 10 octets of the submit
    expect(framer.pendingBytes).toBe(10);
    const rest = framer.push(STREAM.subarray(26));
    expect(pdus(rest)).toEqual(PDUS.slice(1));
    expect(rest[0].kind === 'pdu' && rest[0].bytes).toEqual(encodePdu(SUBMIT));
  });

  it('reports a malformed body and goes on framing the PDUs after it', () => {
    const unknown = hex('00000010 00000099 00000000 0000002a');
    const truncated = hex('00000013 00000009 00000000 00000007 414243');
    const items = new PduFramer().push(Buffer.concat([encodePdu(PDUS[0]), unknown, truncated, encodePdu(PDUS[2])]));
    expect(items.map((i) => i.kind)).toEqual(['pdu', 'decode-error', 'decode-error', 'pdu']);
    const [, a, b] = items;
    expect(a.kind === 'decode-error' && errorResponseTo(a.error)).toEqual({ command: 'generic_nack', commandStatus: CommandStatus.ESME_RINVCMDID, sequenceNumber: 42 });
    expect(b.kind === 'decode-error' && b.error).toMatchObject({ sequenceNumber: 7, commandStatus: CommandStatus.ESME_RINVCMDLEN, streamCanContinue: true });
  });

  it.each([
    ['below the 16-octet header', '0000000f 00000015 00000000 00000005', 15],
    ['zero', '00000000 00000015 00000000 00000005', 0],
    ['above the bound', `${(DEFAULT_MAX_COMMAND_LENGTH + 1).toString(16).padStart(8, '0')} 00000004 00000000 00000005`, DEFAULT_MAX_COMMAND_LENGTH + 1],
  ])('refuses a command_length %s: one framing error that ends the stream', (_name, header, length) => {
    const framer = new PduFramer();
    const items = framer.push(Buffer.concat([encodePdu(PDUS[0]), hex(header), encodePdu(PDUS[0])]));
    expect(items.map((i) => i.kind)).toEqual(['pdu', 'framing-error']);
    const error = items[1].kind === 'framing-error' ? items[1].error : fail(items[1]);
    expect(error).toMatchObject({ commandLength: length, sequenceNumber: 5, streamCanContinue: false, commandStatus: CommandStatus.ESME_RINVCMDLEN });
    expect(errorResponseTo(error)).toEqual({ command: 'generic_nack', commandStatus: CommandStatus.ESME_RINVCMDLEN, sequenceNumber: 5 });
    expect(framer.broken).toBe(error);
    expect(framer.push(encodePdu(PDUS[0]))).toEqual([]);
  });

  it('judges a bad command_length from its four octets, before the rest of the header', () => {
    const items = new PduFramer().push(hex('ffffffff'));
    expect(items).toHaveLength(1);
    expect(items[0].kind === 'framing-error' && items[0].error).toMatchObject({ commandLength: 0xffffffff, sequenceNumber: undefined });
  });

  it('takes a bound of its own', () => {
    const framer = new PduFramer(64);
    expect(framer.push(encodePdu(PDUS[0]))).toHaveLength(1);
    expect(framer.push(encodePdu(SUBMIT))[0].kind).toBe('framing-error');
  });
});
