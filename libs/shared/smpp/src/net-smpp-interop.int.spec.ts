import { decodeShortMessage, encodeGsm7, encodeUcs2, parseReceiptText, splitMessage, type Pdu, type PduOf, type ShortMessageFields } from '.';
import { MinimalEsme } from './testing/minimal-esme';
import { NetSmppSmsc, netSmppSkipReason } from './testing/net-smpp-smsc';
import { shortMessageFields } from './testing/short-message-fields';

// Issue 28 point 8: our codec against an SMPP implementation we did not write,
// Debian's Net::SMPP (libnet-smpp-perl) acting as the SMSC. What it decoded from
// our submit_sm must be what we encoded; what it sent, we must decode exactly.
const skipReason = netSmppSkipReason();
if (skipReason) console.warn(`net-smpp-interop: skipped: ${skipReason}. It runs with Debian's libnet-smpp-perl installed (as .ci/run does).`);

// What Net::SMPP decoded, read field by field below.
type PerlEvent = Record<string, any> & { event: string };

const BASE: ShortMessageFields = shortMessageFields({ registeredDelivery: 0, shortMessage: Buffer.alloc(0) });

const GSM_TEXT = 'Hello @ _ $ € [ ] from the platform';
const UCS2_TEXT = 'Grüße ç 😀';
const LONG_GSM = 'Part of a long message. '.repeat(17); // 408 septets: 3 parts of 153
const LONG_UCS2 = 'Ünïcödé 😀 '.repeat(12); // 132 UTF-16 code units: 2 parts of at most 67, sent with SAR TLVs

describe('interop with Net::SMPP as the SMSC', () => {
  let smsc: NetSmppSmsc;
  let esme: MinimalEsme;
  let events: PerlEvent[] = [];
  const sent: Array<PduOf<'submit_sm'>> = [];
  const responses: Pdu[] = [];
  let receipts: Array<PduOf<'deliver_sm'>> = [];
  const eventWhere = (match: (e: PerlEvent) => boolean) => smsc.eventWhere((e) => match(e as PerlEvent));

  beforeAll(async () => {
    if (skipReason) return;
    const started = await NetSmppSmsc.start();
    smsc = started.smsc;
    events = smsc.events as PerlEvent[];
    const port = started.port;
    esme = await MinimalEsme.connect(port);

    const bind = await esme.request({ command: 'bind_transceiver', commandStatus: 0, systemId: 'mp-test', password: 'secret', systemType: '', interfaceVersion: 0x34, addrTon: 0, addrNpi: 0, addressRange: '' });
    expect(bind).toMatchObject({ command: 'bind_transceiver_resp', commandStatus: 0, systemId: 'PERLSMSC' });
    expect(await esme.request({ command: 'enquire_link', commandStatus: 0 })).toMatchObject({ command: 'enquire_link_resp', commandStatus: 0 });

    const submits: Array<Omit<PduOf<'submit_sm'>, 'sequenceNumber'>> = [
      { command: 'submit_sm', commandStatus: 0, ...BASE, registeredDelivery: 1, dataCoding: 0x00, shortMessage: encodeGsm7(GSM_TEXT) },
      { command: 'submit_sm', commandStatus: 0, ...BASE, dataCoding: 0x08, shortMessage: encodeUcs2(UCS2_TEXT) },
      ...splitMessage(LONG_GSM, { method: 'udh', reference: 0x5a }).parts.map((part) => ({
        command: 'submit_sm' as const, commandStatus: 0, ...BASE, dataCoding: 0x00, esmClass: part.esmClass, shortMessage: part.shortMessage,
      })),
      ...splitMessage(LONG_UCS2, { method: 'sar', reference: 0x1234 }).parts.map((part) => ({
        command: 'submit_sm' as const, commandStatus: 0, ...BASE, dataCoding: 0x08, shortMessage: part.shortMessage, tlvs: part.tlvs,
      })),
    ];
    for (const submit of submits) {
      const response = await esme.request(submit);
      responses.push(response);
      sent.push({ ...submit, sequenceNumber: response.sequenceNumber } as PduOf<'submit_sm'>);
    }
    const isReceipt = (p: Pdu): p is PduOf<'deliver_sm'> => p.command === 'deliver_sm';
    await esme.waitFor(() => esme.received.filter(isReceipt).length >= 2);
    receipts = esme.received.filter(isReceipt);
    for (const receipt of receipts) esme.send({ command: 'deliver_sm_resp', commandStatus: 0, sequenceNumber: receipt.sequenceNumber, messageId: '' });
    expect(await esme.request({ command: 'unbind', commandStatus: 0 })).toMatchObject({ command: 'unbind_resp', commandStatus: 0 });
    await eventWhere((e) => e.event === 'closed');
  }, 60_000);

  afterAll(() => {
    esme?.close();
    smsc?.stop();
  });

  it('binds as a transceiver with interface_version 0x34', () => {
    if (skipReason) return;
    expect(events.find((e) => e.event === 'bind_transceiver')).toMatchObject({ system_id: 'mp-test', password: 'secret', system_type: '', interface_version: 0x34 });
  });

  it('every submit_sm is decoded by Net::SMPP as we encoded it, and answered with its message_id', () => {
    if (skipReason) return;
    const decoded = events.filter((e) => e.event === 'submit_sm');
    expect(decoded).toHaveLength(sent.length);
    expect(decoded).toEqual(
      sent.map((pdu, i) => ({
        event: 'submit_sm',
        seq: pdu.sequenceNumber,
        message_id: `ABC00${i + 1}`,
        service_type: '',
        source_addr_ton: 1,
        source_addr_npi: 1,
        source_addr: '447700900001',
        dest_addr_ton: 1,
        dest_addr_npi: 1,
        destination_addr: '447700900002',
        esm_class: pdu.esmClass,
        registered_delivery: pdu.registeredDelivery,
        data_coding: pdu.dataCoding,
        short_message: pdu.shortMessage.toString('hex'),
        tlvs: pdu.tlvs?.sarMsgRefNum !== undefined
          ? { '020c': '1234', '020e': hex2(pdu.tlvs.sarTotalSegments!), '020f': hex2(pdu.tlvs.sarSegmentSeqnum!) }
          : {},
      })),
    );
    expect(responses.map((r) => r.command === 'submit_sm_resp' && [r.commandStatus, r.messageId])).toEqual(sent.map((_, i) => [0, `ABC00${i + 1}`]));
  });

  it('GSM text with @ _ $ € [ ] goes out as GSM 03.38 unpacked, data_coding 0x00', () => {
    if (skipReason) return;
    const gsm = events.find((e) => e.event === 'submit_sm' && e.message_id === 'ABC001')!;
    expect(gsm.data_coding).toBe(0);
    // Hello␠ @␠ _␠ $␠ €␠ [␠ ] (03.38: @ 00, _ 11, $ 02, € ESC 65, [ ESC 3C, ] ESC 3E), then ASCII-coded letters
    expect(gsm.short_message).toBe('48656c6c6f20' + '0020' + '1120' + '0220' + '1b6520' + '1b3c20' + '1b3e' + Buffer.from(' from the platform').toString('hex'));
  });

  it('UCS-2 text with an emoji goes out big-endian with its surrogate pair, data_coding 0x08', () => {
    if (skipReason) return;
    const ucs2 = events.find((e) => e.event === 'submit_sm' && e.message_id === 'ABC002')!;
    expect(ucs2.data_coding).toBe(8);
    // G r ü ß e ␠ ç ␠ then U+1F600 as D83D DE00
    expect(ucs2.short_message).toBe('0047' + '0072' + '00fc' + '00df' + '0065' + '0020' + '00e7' + '0020' + 'd83d' + 'de00');
  });

  it('a 3-part GSM message carries UDH 05 00 03 ref 03 seq with esm_class 0x40', () => {
    if (skipReason) return;
    const parts = events.filter((e) => e.event === 'submit_sm' && e.esm_class === 0x40);
    expect(parts.map((e) => e.short_message.slice(0, 12))).toEqual(['0500035a0301', '0500035a0302', '0500035a0303']);
    const text = parts.map((e) => decodeShortMessage(Buffer.from(e.short_message, 'hex').subarray(6), e.data_coding).text).join('');
    expect(text).toBe(LONG_GSM);
  });

  it('decodes the receipt Net::SMPP sent with TLVs and text, and answers it', async () => {
    if (skipReason) return;
    const announced = events.filter((e) => e.event === 'deliver_sm_sent');
    const withTlvs = receipts.find((r) => r.sequenceNumber === announced.find((e) => e.form === 'tlv')!.seq)!;
    expect(withTlvs).toMatchObject({
      esmClass: 0x04,
      dataCoding: 0,
      sourceAddr: '447700900002',
      destinationAddr: '447700900001',
      tlvs: { receiptedMessageId: 'ABC001', messageState: 2, networkErrorCode: { networkType: 3, errorCode: 0 } },
    });
    expect(withTlvs.shortMessage.toString('latin1')).toBe(announced[0].short_message);
    const text = parseReceiptText(decodeShortMessage(withTlvs.shortMessage, withTlvs.dataCoding).text!);
    expect(text.ok && text.receipt).toMatchObject({ id: 'ABC001', stat: 'DELIVRD', err: '000', sub: 1, dlvrd: 1, text: 'Hello' });
    const answered = events.filter((e) => e.event === 'deliver_sm_resp');
    expect(answered.map((e) => [e.seq, e.status]).sort()).toEqual(announced.map((e) => [e.seq, 0]).sort());
  });

  it('decodes the text-only receipt (no TLVs)', () => {
    if (skipReason) return;
    const announced = events.find((e) => e.event === 'deliver_sm_sent' && e.form === 'text')!;
    const textOnly = receipts.find((r) => r.sequenceNumber === announced.seq)!;
    expect(textOnly.tlvs).toBeUndefined();
    const text = parseReceiptText(decodeShortMessage(textOnly.shortMessage, textOnly.dataCoding).text!);
    expect(text.ok && text.receipt).toMatchObject({ id: 'ABC001', stat: 'UNDELIV', messageState: 5, err: '00B', doneDate: { second: 59 } });
  });
});

function hex2(n: number): string {
  return n.toString(16).padStart(2, '0');
}
