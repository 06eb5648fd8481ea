import { segmentText, type PduOf } from '@mp/smpp';
import { ScriptedSmsc } from '@mp/smpp/src/testing/scripted-smsc';
import type { CarrierSubmission } from '../carrier.port';
import type { SmppConnection } from '@mp/carrier-connections';
import { SmppCarrier } from './smpp-carrier';
import { InMemoryPartLedger, RecordingDeliverHandler, waitUntil } from './testing/fake-ports';
import { smppConnection } from './testing/smpp-connection';
import { GSM_LONG, GSM_SHORT, UCS2_LONG, UCS2_SHORT, udh } from './testing/wire-texts';

// Issue 28 point 3, byte for byte on the SMSC's side: data_coding always explicit, long messages as exactly the
// segments the API billed, a receipt asked for on every part. (smpp-carrier-net-smpp.int.spec runs the long ones
// through Net::SMPP as well.)
const submission = (body: string): CarrierSubmission => ({ reference: 'm-1:1', accountId: 'a-1', channel: 'Sms', from: '+15550000001', to: '+447700900123', body });
const hex = (b: Buffer | undefined) => b?.toString('hex');

describe('SmppCarrier on the wire', () => {
  let smsc: ScriptedSmsc;
  let carrier: SmppCarrier;

  /** Sends one body and returns the submit_sm PDUs the SMSC received for it. */
  async function send(body: string, overrides: Partial<SmppConnection> = {}): Promise<Array<PduOf<'submit_sm'>>> {
    smsc = await ScriptedSmsc.start();
    carrier = new SmppCarrier(smppConnection(smsc.port, overrides), { ledger: new InMemoryPartLedger(), onDeliverSm: new RecordingDeliverHandler().handle });
    await waitUntil(() => carrier.status().ready);
    expect(await carrier.submit(submission(body))).toMatchObject({ kind: 'accepted' });
    return smsc.connection.received.filter((p): p is PduOf<'submit_sm'> => p.command === 'submit_sm');
  }

  afterEach(async () => {
    await carrier?.close();
    await smsc?.stop();
  });

  it('GSM text with @ _ $ € [ ]: data_coding 0x00, unpacked septets with extension escapes, receipt asked for', async () => {
    const [pdu, ...more] = await send(GSM_SHORT.body);
    expect(more).toEqual([]);
    expect({ dataCoding: pdu.dataCoding, esmClass: pdu.esmClass, registeredDelivery: pdu.registeredDelivery, shortMessage: hex(pdu.shortMessage), tlvs: pdu.tlvs }).toEqual({
      dataCoding: 0x00, esmClass: 0x00, registeredDelivery: 0x01, shortMessage: GSM_SHORT.hex, tlvs: undefined,
    });
    expect(pdu).toMatchObject({ sourceAddrTon: 1, sourceAddrNpi: 1, sourceAddr: '15550000001', destAddrTon: 1, destAddrNpi: 1, destinationAddr: '447700900123' });
  });

  it('UCS-2 text with an emoji: data_coding 0x08, big-endian with the surrogate pair', async () => {
    const [pdu] = await send(UCS2_SHORT.body);
    expect([pdu.dataCoding, hex(pdu.shortMessage), pdu.registeredDelivery]).toEqual([0x08, UCS2_SHORT.hex, 1]);
  });

  describe.each([
    ['GSM', GSM_LONG, 0x00],
    ['UCS-2', UCS2_LONG, 0x08],
  ] as const)('a 3-segment %s message', (_, text, dataCoding) => {
    it('udh (default): 3 submit_sm with UDH 05 00 03 ref 03 seq, esm_class 0x40, one 8-bit reference', async () => {
      const pdus = await send(text.body);
      expect(pdus).toHaveLength(segmentText(text.body).segments.length);
      const ref = pdus[0].shortMessage[3];
      expect(pdus.map((p) => [p.dataCoding, p.esmClass, p.registeredDelivery, hex(p.shortMessage), p.tlvs])).toEqual(
        text.segments.map((segment, i) => [dataCoding, 0x40, 1, udh(ref, i + 1) + segment, undefined]),
      );
    });

    it('sar: 3 submit_sm with plain segments and sar_msg_ref_num / sar_total_segments / sar_segment_seqnum', async () => {
      const pdus = await send(text.body, { longMessages: 'sar' });
      expect(pdus).toHaveLength(segmentText(text.body).segments.length);
      const ref = pdus[0].tlvs?.sarMsgRefNum;
      expect(ref).toEqual(expect.any(Number));
      expect(pdus.map((p) => [p.dataCoding, p.esmClass, p.registeredDelivery, hex(p.shortMessage), p.tlvs])).toEqual(
        text.segments.map((segment, i) => [dataCoding, 0x00, 1, segment, { sarMsgRefNum: ref, sarTotalSegments: 3, sarSegmentSeqnum: i + 1 }]),
      );
    });

    it('payload: one submit_sm, empty short_message, the whole text in message_payload', async () => {
      const pdus = await send(text.body, { longMessages: 'payload' });
      expect(pdus.map((p) => [p.dataCoding, p.esmClass, p.registeredDelivery, hex(p.shortMessage), hex(p.tlvs?.messagePayload)])).toEqual([
        [dataCoding, 0x00, 1, '', text.segments.join('')],
      ]);
    });
  });
});
