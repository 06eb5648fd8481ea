import { CommandStatus } from '@mp/smpp';
import { RawEsme } from './testing/raw-esme';
import { submitFields, startSandboxSmsc, type SandboxSmscHarness } from './testing/sandbox-smsc.harness';
import { waitUntil } from './testing/wait-until';

// Issue 28 point 7: receipts go to whichever session is bound to receive, wait while none is, and are retried until answered.

const FROM = '+15550006000';
let h: SandboxSmscHarness;
let n = 0;
const to = () => `+1555600${String(++n).padStart(4, '0')}`;
const pending = (messageId: string) => h.db('smsc_receipts').where({ carrier_message_id: messageId }).first();

beforeAll(async () => {
  h = await startSandboxSmsc({ responseTimeoutMs: 300 });
});
afterAll(() => h.close());
afterEach(() => h.db('smsc_receipts').whereNull('sent_at').update({ sent_at: h.clock.now() }));

describe('sandbox SMSC: receipt delivery', () => {
  it('keeps a receipt due while no session is bound and sends it on the next bind', async () => {
    const first = await h.bind();
    const { messageId } = await first.session.submit(submitFields(FROM, to()));
    await first.session.unbind();
    expect(await h.advance(5)).toBe(0);
    expect(await pending(messageId)).toMatchObject({ sent_at: null, attempts: 0 });

    const second = await h.bind();
    const [receipt] = await second.waitForDelivered(1);
    expect(receipt.tlvs?.receiptedMessageId).toBe(messageId);
    // Marked sent once its deliver_sm_resp is in.
    await waitUntil(async () => (await pending(messageId)).sent_at !== null);
    expect(await pending(messageId)).toMatchObject({ attempts: 1, last_error: null });
    await second.session.unbind();
  });

  it('retries a receipt answered with an error, with backoff, and sends it once', async () => {
    const answers = [CommandStatus.ESME_RX_T_APPN];
    const esme = await h.bind({ answer: () => answers.shift() });
    const { messageId } = await esme.session.submit(submitFields(FROM, to()));
    expect(await h.advance(1)).toBe(1);
    expect(await pending(messageId)).toMatchObject({ sent_at: null, attempts: 1, last_error: 'deliver_sm answered ESME_RX_T_APPN' });
    expect(await h.advance(0.5)).toBe(0); // the first retry waits 1 s
    expect(await h.advance(0.6)).toBe(1);
    expect(await pending(messageId)).toMatchObject({ attempts: 2, last_error: null, sent_at: expect.any(Date) });
    expect(esme.delivered.map((d) => d.tlvs?.receiptedMessageId)).toEqual([messageId, messageId]);
    await h.advance(600);
    expect(esme.delivered).toHaveLength(2);
    await esme.session.unbind();
  });

  it('retries a receipt the ESME never answered', async () => {
    const silent = await RawEsme.connect(h.port);
    await silent.bind('sandbox', 'sandbox');
    const accepted = await silent.submit(submitFields(FROM, to()));
    const messageId = (accepted as { messageId: string }).messageId;
    expect(await h.advance(1)).toBe(1); // waits out the 300 ms response timeout
    expect(await pending(messageId)).toMatchObject({ sent_at: null, attempts: 1, last_error: expect.stringContaining('no response to deliver_sm') });
    h.clock.advance(1.1);
    await h.smsc.deliverDue();
    const resent = silent.received.filter((p) => p.command === 'deliver_sm');
    expect(resent).toHaveLength(2);
    silent.close();
  });

  it('unbinds its sessions when it stops', async () => {
    const own = await startSandboxSmsc();
    const esme = await own.bind();
    await own.smsc.stop();
    expect(await esme.session.closed).toEqual({ kind: 'unbound-by-smsc' });
    await own.close();
  });
});
