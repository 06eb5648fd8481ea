import { BindRefused, CommandStatus, decodeShortMessage, encodeGsm7, parseReceiptText, SmppSession, type PduOf, type SmppSessionEvent, type SubmitFields } from '.';
import { NetSmppSmsc, netSmppSkipReason } from './testing/net-smpp-smsc';
import { shortMessageFields } from './testing/short-message-fields';

// Issue 28 points 2 and 8: SmppSession against an SMSC we did not write (Debian's Net::SMPP):
// a refused bind, then bind + submit + the SMSC's receipts + unbind.
const skipReason = netSmppSkipReason();
if (skipReason) console.warn(`net-smpp-session: skipped: ${skipReason}. It runs with Debian's libnet-smpp-perl installed (as .ci/run does).`);

const MESSAGE: SubmitFields = shortMessageFields({ shortMessage: encodeGsm7('Hello @ €') });

describe('SmppSession with Net::SMPP as the SMSC', () => {
  const smscs: NetSmppSmsc[] = [];
  afterAll(() => smscs.forEach((s) => s.stop()));

  it('a wrong password is refused with BindRefused ESME_RINVPASWD', async () => {
    if (skipReason) return;
    const { smsc, port } = await NetSmppSmsc.start();
    smscs.push(smsc);
    const events: SmppSessionEvent[] = [];
    const error = await SmppSession.connect({ host: '127.0.0.1', port, systemId: 'mp-test', password: 'wrong', onEvent: (e) => events.push(e) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BindRefused);
    expect(error).toMatchObject({ commandStatus: CommandStatus.ESME_RINVPASWD, statusName: 'ESME_RINVPASWD' });
    expect(events.map((e) => e.type)).toEqual(['bind-refused', 'closed']);
    await smsc.eventWhere((e) => e.event === 'closed');
  });

  it('binds, submits, receives both receipts and unbinds', async () => {
    if (skipReason) return;
    const { smsc, port } = await NetSmppSmsc.start();
    smscs.push(smsc);
    const receipts: Array<PduOf<'deliver_sm'>> = [];
    const session = await SmppSession.connect({
      host: '127.0.0.1', port, systemId: 'mp-test', password: 'secret', systemType: 'mp', responseTimeoutMs: 5000,
      onDeliverSm: (pdu) => void receipts.push(pdu),
    });
    expect(await smsc.eventWhere((e) => e.event === 'bind_transceiver')).toMatchObject({ system_id: 'mp-test', password: 'secret', system_type: 'mp', interface_version: 0x34 });

    const result = await session.submit(MESSAGE);
    expect(result).toMatchObject({ commandStatus: 0, messageId: 'ABC001' });
    expect(await smsc.eventWhere((e) => e.event === 'submit_sm')).toMatchObject({ data_coding: 0, registered_delivery: 1, short_message: MESSAGE.shortMessage.toString('hex') });

    const sent = await Promise.all([
      smsc.eventWhere((e) => e.event === 'deliver_sm_sent' && e.form === 'tlv'),
      smsc.eventWhere((e) => e.event === 'deliver_sm_sent' && e.form === 'text'),
    ]);
    // Answered by the session at once, with the handler's status (ESME_ROK).
    const answered = await Promise.all(sent.map((s) => smsc.eventWhere((e) => e.event === 'deliver_sm_resp' && e.seq === s.seq)));
    expect(answered.map((e) => e.status)).toEqual([0, 0]);
    expect(receipts.map((r) => r.sequenceNumber).sort()).toEqual(sent.map((s) => s.seq).sort());
    const tlvReceipt = receipts.find((r) => r.tlvs?.receiptedMessageId)!;
    expect(tlvReceipt.tlvs).toMatchObject({ receiptedMessageId: result.messageId, messageState: 2 });
    const text = parseReceiptText(decodeShortMessage(receipts.find((r) => !r.tlvs)!.shortMessage, 0).text!);
    expect(text.ok && text.receipt).toMatchObject({ id: result.messageId, stat: 'UNDELIV' });

    await session.unbind();
    expect(await session.closed).toEqual({ kind: 'unbound' });
    await smsc.eventWhere((e) => e.event === 'unbind');
    await smsc.eventWhere((e) => e.event === 'closed');
  }, 30_000);
});
