import { CommandStatus, decodePdu, encodeGsm7, encodeUcs2, splitMessage } from '@mp/smpp';
import { submitFields, startSandboxSmsc, type SandboxSmscHarness } from './testing/sandbox-smsc.harness';
import { listSmscSubmissions } from './smsc-submissions.repository';
import { waitUntil } from './testing/wait-until';

// Issue 28 point 7: the sandbox SMSC takes submit_sm from an ESME (@mp/smpp's session) and files each part byte for byte.

const FROM = '+15550001000';
let h: SandboxSmscHarness;
let n = 0;
const to = () => `+1555100${String(++n).padStart(4, '0')}`;

beforeAll(async () => {
  h = await startSandboxSmsc({ owners: async (address) => (address === FROM ? 'acc-owner' : undefined) });
});
afterAll(() => h.close());

describe('sandbox SMSC: submissions', () => {
  it('binds a transceiver, answers enquire_link and files GSM text with @ _ $ € [ ] as its octets', async () => {
    const { session } = await h.bind();
    await session.enquireLink();
    const dest = to();
    const text = 'Hi @ _ $ € [ ]';
    const fields = submitFields(FROM, dest, { shortMessage: encodeGsm7(text) });
    const result = await session.submit(fields);
    expect(result).toMatchObject({ commandStatus: CommandStatus.ESME_ROK, messageId: expect.stringMatching(/^\d{18}$/) });

    const [filed] = await listSmscSubmissions(h.db, { to: dest });
    expect(filed).toMatchObject({
      messageId: result.messageId,
      accountId: 'acc-owner',
      systemId: 'sandbox',
      from: FROM,
      to: dest,
      text,
      outcome: 'delivered',
      sourceAddrTon: 1,
      sourceAddrNpi: 1,
      sourceAddr: FROM.slice(1),
      destAddrTon: 1,
      destAddrNpi: 1,
      destinationAddr: dest.slice(1),
      esmClass: 0,
      dataCoding: 0x00,
      registeredDelivery: 1,
      // H i sp @ sp _ sp $ sp ESC e sp ESC < sp ESC >
      shortMessageHex: '4869200020112002201b65201b3c201b3e',
      tlvs: {},
      part: undefined,
    });
    // The whole PDU as it came: decoding it gives back what the ESME sent.
    const decoded = decodePdu(Buffer.from(filed.pduHex, 'hex'));
    expect(decoded).toMatchObject({ ok: true, pdu: { command: 'submit_sm', ...fields } });
    // The HTTP carrier's view of submissions (carrier_submissions) has it too.
    expect(await h.db('carrier_submissions').where({ to_address: dest }).select('reference', 'account_id', 'channel', 'body')).toEqual([
      { reference: `smpp:${result.messageId}`, account_id: 'acc-owner', channel: 'Sms', body: text },
    ]);
    await session.unbind();
  });

  it('files UCS-2 text with an emoji as its big-endian octets, data_coding 0x08', async () => {
    const { session } = await h.bind();
    const dest = to();
    const text = 'Grüße 😀';
    await session.submit(submitFields(FROM, dest, { dataCoding: 0x08, shortMessage: encodeUcs2(text) }));
    const [filed] = await listSmscSubmissions(h.db, { to: dest });
    expect(filed).toMatchObject({ dataCoding: 0x08, text, shortMessageHex: encodeUcs2(text).toString('hex') });
    expect(filed.shortMessageHex).toBe('0047007200fc00df00650020d83dde00'); // G r ü ß e sp U+1F600 as a surrogate pair
    await session.unbind();
  });

  it('files each part of a 3-part UDH message (GSM and UCS-2) with its place, and one receipt each', async () => {
    const { session, delivered } = await h.bind();
    const allIds: string[] = [];
    for (const body of ['a'.repeat(153) + 'b'.repeat(153) + 'c€', 'ç'.repeat(67) + 'd'.repeat(67) + '😀']) {
      const dest = to();
      const split = splitMessage(body, { method: 'udh', reference: 0x2a });
      expect(split.parts).toHaveLength(3);
      const ids: string[] = [];
      for (const part of split.parts) {
        const r = await session.submit(submitFields(FROM, dest, { esmClass: part.esmClass, dataCoding: split.dataCoding, shortMessage: part.shortMessage }));
        ids.push(r.messageId);
      }
      const filed = await listSmscSubmissions(h.db, { to: dest });
      expect(filed.map((f) => f.messageId)).toEqual(ids);
      expect(filed.map((f) => f.part)).toEqual([1, 2, 3].map((seq) => ({ reference: 0x2a, total: 3, seq })));
      expect(filed.map((f) => f.shortMessageHex)).toEqual(split.parts.map((p) => p.shortMessage.toString('hex')));
      expect(filed.map((f) => f.esmClass)).toEqual([0x40, 0x40, 0x40]);
      expect(filed.map((f) => f.text).join('')).toBe(body);
      allIds.push(...ids);
    }
    expect(await h.db('smsc_receipts').whereIn('carrier_message_id', allIds).whereNull('sent_at').pluck('carrier_message_id')).toHaveLength(6);
    await h.advance(1);
    const receipted = () => delivered.map((d) => d.tlvs?.receiptedMessageId);
    await waitUntil(() => allIds.every((id) => receipted().includes(id)));
    await session.unbind();
  });

  it('reads a SAR part from its TLVs and a long text from message_payload', async () => {
    const { session } = await h.bind();
    const dest = to();
    const body = 'x'.repeat(160) + 'y';
    const sar = splitMessage(body, { method: 'sar', reference: 0x1234 });
    for (const part of sar.parts) await session.submit(submitFields(FROM, dest, { shortMessage: part.shortMessage, tlvs: part.tlvs }));
    const payload = splitMessage(body, { method: 'payload', reference: 0 }).parts[0];
    await session.submit(submitFields(FROM, dest, { shortMessage: payload.shortMessage, tlvs: payload.tlvs }));

    const filed = await listSmscSubmissions(h.db, { to: dest });
    expect(filed.map((f) => f.part)).toEqual([{ reference: 0x1234, total: 2, seq: 1 }, { reference: 0x1234, total: 2, seq: 2 }, undefined]);
    expect(filed[0].tlvs).toEqual({ sarMsgRefNum: 0x1234, sarTotalSegments: 2, sarSegmentSeqnum: 1 });
    expect(filed[2]).toMatchObject({ text: body, shortMessageHex: '', tlvs: { messagePayload: encodeGsm7(body).toString('hex') } });
    await session.unbind();
  });

  it('files an alphanumeric sender (TON 5) as sent, with no account', async () => {
    const { session } = await h.bind();
    const dest = to();
    await session.submit(submitFields(FROM, dest, { sourceAddrTon: 5, sourceAddrNpi: 0, sourceAddr: 'ACME' }));
    const [filed] = await listSmscSubmissions(h.db, { to: dest });
    expect(filed).toMatchObject({ from: 'ACME', accountId: '', sourceAddrTon: 5, sourceAddrNpi: 0 });
    await session.unbind();
  });

  it('refuses what an SMSC refuses, and files none of it', async () => {
    const { session } = await h.bind();
    const dest = to();
    const refusals = [
      [submitFields(FROM, ''), CommandStatus.ESME_RINVDSTADR],
      [submitFields('', dest), CommandStatus.ESME_RINVSRCADR],
      [submitFields(FROM, dest, { tlvs: { messagePayload: Buffer.from('both') } }), CommandStatus.ESME_RINVMSGLEN],
      [submitFields(FROM, dest, { esmClass: 0x40, shortMessage: Buffer.from('0900', 'hex') }), CommandStatus.ESME_RINVESMCLASS],
      [submitFields(FROM, dest, { esmClass: 0x40, shortMessage: Buffer.from('050003010204', 'hex') }), CommandStatus.ESME_RINVESMCLASS], // part 4 of 2
      [submitFields(FROM, dest, { tlvs: { sarMsgRefNum: 1, sarTotalSegments: 2, sarSegmentSeqnum: 0 } }), CommandStatus.ESME_RINVOPTPARAMVAL],
    ] as const;
    for (const [fields, status] of refusals) {
      expect(await session.submit(fields)).toMatchObject({ commandStatus: status, messageId: '' });
    }
    expect(await listSmscSubmissions(h.db, { to: dest })).toEqual([]);
    await session.unbind();
  });
});
