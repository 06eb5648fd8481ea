import { CommandStatus, ConnectionLost, MessageState, parseReceiptText, splitMessage, type PduOf } from '@mp/smpp';
import { listSmscSubmissions } from './smsc-submissions.repository';
import { submitFields, startSandboxSmsc, type SandboxSmscHarness } from './testing/sandbox-smsc.harness';
import { waitUntil } from './testing/wait-until';

// Issue 28 point 7: the carrier behaviours as an SMSC plays them, seen by an ESME (@mp/smpp's session).

const FROM = '+15550002000';
let h: SandboxSmscHarness;
let n = 0;
const to = () => `+1555200${String(++n).padStart(4, '0')}`;
const textOf = (pdu: PduOf<'deliver_sm'>) => pdu.shortMessage.toString('latin1');

beforeAll(async () => {
  h = await startSandboxSmsc({ owners: async (address) => (address === FROM ? 'acc-a' : undefined) });
});
afterAll(() => h.close());
// Each test sees only its own receipts: what an earlier one left due is taken as sent.
afterEach(() => h.db('smsc_receipts').whereNull('sent_at').update({ sent_at: h.clock.now() }));

describe('sandbox SMSC: behaviours', () => {
  it('delivered: a deliver_sm receipt after the behaviour delay, with TLVs and the text form', async () => {
    const esme = await h.bind();
    const dest = to();
    await h.behave(dest, 'delivered', { accountId: 'acc-a', afterSeconds: 5 });
    const { messageId } = await esme.session.submit(submitFields(FROM, dest, { shortMessage: Buffer.from('Your code is 1234') }));
    expect(await h.advance(4)).toBe(0);
    expect(esme.delivered).toEqual([]);
    await h.advance(1);
    const [receipt] = await esme.waitForDelivered(1);
    expect(receipt).toMatchObject({
      esmClass: 0x04,
      sourceAddr: dest.slice(1),
      sourceAddrTon: 1,
      destinationAddr: FROM.slice(1),
      dataCoding: 0,
      tlvs: { receiptedMessageId: messageId, messageState: MessageState.DELIVERED },
    });
    expect(textOf(receipt)).toMatch(new RegExp(`^id:${messageId} sub:001 dlvrd:001 submit date:\\d{10} done date:\\d{10} stat:DELIVRD err:000 text:Your code is 1234$`));
    expect(parseReceiptText(textOf(receipt))).toMatchObject({ ok: true, receipt: { id: messageId, stat: 'DELIVRD', err: '000', sub: 1, dlvrd: 1 } });
    // Sent once: it is not due again.
    await h.advance(600);
    expect(esme.delivered).toHaveLength(1);
    await esme.session.unbind();
  });

  it('undelivered: an UNDELIV receipt with the network error', async () => {
    const esme = await h.bind();
    const dest = to();
    await h.behave(dest, 'undelivered', { accountId: 'acc-a' });
    const { messageId } = await esme.session.submit(submitFields(FROM, dest));
    await h.advance(1);
    const [receipt] = await esme.waitForDelivered(1);
    expect(receipt.tlvs).toEqual({ receiptedMessageId: messageId, messageState: MessageState.UNDELIVERABLE, networkErrorCode: { networkType: 3, errorCode: 27 } });
    expect(parseReceiptText(textOf(receipt))).toMatchObject({ ok: true, receipt: { id: messageId, stat: 'UNDELIV', err: '027', dlvrd: 0 } });
    await esme.session.unbind();
  });

  it("plays the sender's account's behaviour, not another account's for the same destination", async () => {
    const esme = await h.bind();
    const dest = to();
    await h.behave(dest, 'failed', { accountId: 'acc-other' });
    expect(await esme.session.submit(submitFields(FROM, dest))).toMatchObject({ commandStatus: CommandStatus.ESME_ROK });
    await esme.session.unbind();
  });

  it('failed: submit_sm_resp ESME_RINVDSTADR, nothing filed, no receipt', async () => {
    const esme = await h.bind();
    const dest = to();
    await h.behave(dest, 'failed', { accountId: 'acc-a' });
    expect(await esme.session.submit(submitFields(FROM, dest))).toMatchObject({ commandStatus: CommandStatus.ESME_RINVDSTADR, messageId: '' });
    expect(await listSmscSubmissions(h.db, { to: dest })).toEqual([]);
    await esme.session.unbind();
  });

  it('no-receipt: accepted and filed, never a receipt', async () => {
    const esme = await h.bind();
    const dest = to();
    await h.behave(dest, 'no-receipt', { accountId: 'acc-a' });
    expect(await esme.session.submit(submitFields(FROM, dest))).toMatchObject({ commandStatus: CommandStatus.ESME_ROK });
    await h.advance(3600);
    expect(esme.delivered).toEqual([]);
    expect(await listSmscSubmissions(h.db, { to: dest })).toEqual([expect.objectContaining({ outcome: 'no-receipt' })]);
    await esme.session.unbind();
  });

  it('no receipt when registered_delivery asks for none, and a failure-only request gets only failures', async () => {
    const esme = await h.bind();
    const quiet = to();
    const failing = to();
    await h.behave(failing, 'undelivered', { accountId: 'acc-a' });
    await esme.session.submit(submitFields(FROM, quiet, { registeredDelivery: 0 }));
    await esme.session.submit(submitFields(FROM, quiet, { registeredDelivery: 2, shortMessage: Buffer.from('other') }));
    const { messageId } = await esme.session.submit(submitFields(FROM, failing, { registeredDelivery: 2 }));
    await h.advance(1);
    await esme.waitForDelivered(1);
    await h.advance(60);
    expect(esme.delivered.map((d) => d.tlvs?.receiptedMessageId)).toEqual([messageId]);
    await esme.session.unbind();
  });

  it('unavailable: ESME_RSYSERR for as long as it is set, accepted once it is lifted', async () => {
    const esme = await h.bind();
    const dest = to();
    await h.behave(dest, 'unavailable', { accountId: 'acc-a' });
    const fields = submitFields(FROM, dest);
    expect(await esme.session.submit(fields)).toMatchObject({ commandStatus: CommandStatus.ESME_RSYSERR });
    expect(await esme.session.submit(fields)).toMatchObject({ commandStatus: CommandStatus.ESME_RSYSERR });
    expect(await listSmscSubmissions(h.db, { to: dest })).toEqual([]);
    await h.behave(dest, 'delivered', { accountId: 'acc-a' });
    expect(await esme.session.submit(fields)).toMatchObject({ commandStatus: CommandStatus.ESME_ROK });
    expect(await listSmscSubmissions(h.db, { to: dest })).toHaveLength(1);
    await esme.session.unbind();
  });

  it('throttled: ESME_RTHROTTLED twice, then accepted (the session reports the throttling)', async () => {
    const events: string[] = [];
    const esme = await h.bind({ onEvent: (e) => events.push(e.type) });
    const dest = to();
    await h.behave(dest, 'throttled', { accountId: 'acc-a' });
    const fields = submitFields(FROM, dest);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await esme.session.submit(fields)).commandStatus);
    expect(statuses).toEqual([CommandStatus.ESME_RTHROTTLED, CommandStatus.ESME_RTHROTTLED, CommandStatus.ESME_ROK]);
    expect(events.filter((e) => e === 'throttled')).toHaveLength(2);
    await esme.session.unbind();
  });

  it('receipt-before-response: the deliver_sm receipt arrives before submit_sm_resp', async () => {
    const order: string[] = [];
    const esme = await h.bind({ answer: (pdu) => void order.push(`receipt ${pdu.tlvs?.receiptedMessageId}`) });
    const dest = to();
    await h.behave(dest, 'receipt-before-response', { accountId: 'acc-a', afterSeconds: 30 });
    const { messageId, commandStatus } = await esme.session.submit(submitFields(FROM, dest));
    order.push(`response ${messageId}`);
    expect(commandStatus).toBe(CommandStatus.ESME_ROK);
    expect(order).toEqual([`receipt ${messageId}`, `response ${messageId}`]);
    expect(await h.db('smsc_receipts').where({ carrier_message_id: messageId }).whereNotNull('sent_at')).toHaveLength(1);
    await esme.session.unbind();
  });

  it('receipt-last-part-only: of a 3-part message only the last part gets a receipt', async () => {
    const esme = await h.bind();
    const dest = to();
    await h.behave(dest, 'receipt-last-part-only', { accountId: 'acc-a' });
    const split = splitMessage('z'.repeat(400), { method: 'udh', reference: 9 });
    const ids = [];
    for (const part of split.parts) ids.push((await esme.session.submit(submitFields(FROM, dest, { esmClass: part.esmClass, shortMessage: part.shortMessage }))).messageId);
    await h.advance(1);
    await esme.waitForDelivered(1);
    await h.advance(60);
    expect(esme.delivered.map((d) => d.tlvs?.receiptedMessageId)).toEqual([ids[2]]);
    await esme.session.unbind();
  });

  it('drop-connection: the SMSC closes the bind with the submit outstanding; after a rebind the resubmission is accepted', async () => {
    const esme = await h.bind();
    const dest = to();
    await h.behave(dest, 'drop-connection', { accountId: 'acc-a' });
    const fields = submitFields(FROM, dest);
    const lost = await esme.session.submit(fields).catch((error: unknown) => error);
    expect(lost).toBeInstanceOf(ConnectionLost);
    expect(lost).toMatchObject({ sent: true });
    expect(await esme.session.closed).toMatchObject({ kind: 'socket-closed' });
    expect(await listSmscSubmissions(h.db, { to: dest })).toEqual([]);

    const again = await h.bind();
    expect(await again.session.submit(fields)).toMatchObject({ commandStatus: CommandStatus.ESME_ROK });
    await again.session.unbind();
  });

  it('answers the submits of a full window of 10 concurrently', async () => {
    const esme = await h.bind();
    const dest = to();
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => esme.session.submit(submitFields(FROM, dest, { shortMessage: Buffer.from(`m${i}`) }))));
    expect(new Set(results.map((r) => r.messageId)).size).toBe(10);
    await waitUntil(async () => (await listSmscSubmissions(h.db, { to: dest })).length === 10);
    await esme.session.unbind();
  });
});
