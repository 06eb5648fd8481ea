import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandStatus, type Pdu, type PduOf } from '@mp/smpp';
import { ScriptedSmsc, type Script } from '@mp/smpp/src/testing/scripted-smsc';
import { shortMessageFields } from '@mp/smpp/src/testing/short-message-fields';
import type { CarrierSubmission } from '../carrier.port';
import type { SmppConnection } from '@mp/carrier-connections';
import { SmppCarrier, type SmppCarrierOptions } from './smpp-carrier';
import { InMemoryPartLedger, RecordingDeliverHandler, waitUntil } from './testing/fake-ports';
import { metricValue } from '../testing/metric-value';
import { smppConnection } from './testing/smpp-connection';

// Issue 28 point 2: the carrier port over SMPP against an SMSC scripted per test (real TCP on 127.0.0.1).
const SHORT: CarrierSubmission = { reference: 'm-1:1', accountId: 'a-1', channel: 'Sms', from: '+15550000001', to: '+447700900123', body: 'Hello' };
const LONG: CarrierSubmission = { ...SHORT, reference: 'm-2:1', body: 'x'.repeat(153 * 2 + 1) }; // 3 segments

const answer = (pdu: Pdu, commandStatus: number, messageId = '') => ({ command: 'submit_sm_resp' as const, commandStatus, sequenceNumber: pdu.sequenceNumber, messageId });
const submits = (smsc: ScriptedSmsc) => smsc.connections.flatMap((c) => c.received.filter((p): p is PduOf<'submit_sm'> => p.command === 'submit_sm'));

describe('SmppCarrier', () => {
  let smsc: ScriptedSmsc;
  let carrier: SmppCarrier;
  let ledger: InMemoryPartLedger;
  let deliver: RecordingDeliverHandler;

  async function open(script?: Script, overrides: Partial<SmppConnection> = {}, options: SmppCarrierOptions = {}): Promise<SmppCarrier> {
    smsc = await ScriptedSmsc.start(script);
    ledger = new InMemoryPartLedger();
    deliver = new RecordingDeliverHandler();
    carrier = new SmppCarrier(smppConnection(smsc.port, overrides), { ledger, onDeliverSm: deliver.handle }, { reconnect: { initialMs: 50, maxMs: 200 }, throttlePauseMs: 20, ...options });
    return carrier;
  }

  const bound = (n = 1) => waitUntil(() => carrier.status().boundSessions >= n, 5000, `${n} bound session(s)`);

  afterEach(async () => {
    await carrier?.close();
    await smsc?.stop();
  });

  it('opens `binds` transceiver sessions and spreads submits over them', async () => {
    await open(undefined, { binds: 2, name: 'two-binds' });
    await bound(2);
    expect(smsc.connections.map((c) => c.received[0].command)).toEqual(['bind_transceiver', 'bind_transceiver']);
    const outcomes = await Promise.all(Array.from({ length: 6 }, (_, i) => carrier.submit({ ...SHORT, reference: `m-${i}:1` })));
    expect(outcomes.every((o) => o.kind === 'accepted')).toBe(true);
    expect(smsc.connections.map((c) => c.received.filter((p) => p.command === 'submit_sm').length).every((n) => n > 0)).toBe(true);
    expect(carrier.status()).toMatchObject({ ready: true, configuredBinds: 2, boundSessions: 2, windowSize: 20, submits: { accepted: 6 } });
  });

  it('binds over TLS when the connection says tls, trusting the CA it is given', async () => {
    const fixtures = join(__dirname, '../../../../../../apps/platform/test/fixtures/webhook-tls');
    smsc = await ScriptedSmsc.start(undefined, { key: readFileSync(join(fixtures, 'receiver-key.pem')), cert: readFileSync(join(fixtures, 'receiver-cert.pem')) });
    ledger = new InMemoryPartLedger();
    carrier = new SmppCarrier(smppConnection(smsc.port, { tls: true }), { ledger, onDeliverSm: new RecordingDeliverHandler().handle }, { tls: { ca: readFileSync(join(fixtures, 'ca.pem')) } });
    await bound();
    expect(await carrier.submit(SHORT)).toEqual({ kind: 'accepted', carrierMessageId: 'M1' });
  });

  it('a long message: one submit_sm per billed segment, every part in the ledger before accepted, carrierMessageId the first part\'s', async () => {
    await open();
    await bound();
    const release = ledger.hold();
    let settled = false;
    const outcome = carrier.submit(LONG).finally(() => (settled = true));
    await waitUntil(() => submits(smsc).length === 3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false); // waits for the ledger
    release();
    expect(await outcome).toEqual({ kind: 'accepted', carrierMessageId: 'M1' });
    expect(ledger.parts).toEqual([0, 1, 2].map((partIndex) => ({ connection: 'smsc-test', smscMessageId: `M${partIndex + 1}`, reference: 'm-2:1', partIndex, partCount: 3 })));
  });

  it('a submission whose every part the ledger already has (its dispatch lost after the SMSC took it) is not sent again', async () => {
    await open();
    await bound();
    expect(await carrier.submit(LONG)).toEqual({ kind: 'accepted', carrierMessageId: 'M1' });
    expect(submits(smsc)).toHaveLength(3);
    expect(await carrier.submit(LONG)).toEqual({ kind: 'accepted', carrierMessageId: 'M1' });
    expect(submits(smsc)).toHaveLength(3);
    // Another attempt of the message, and a message cut short before, do go out.
    expect(await carrier.submit({ ...LONG, reference: 'm-2:2' })).toEqual({ kind: 'accepted', carrierMessageId: 'M4' });
    ledger.parts.push({ connection: 'smsc-test', smscMessageId: 'X1', reference: 'm-3:1', partIndex: 0, partCount: 3 });
    expect(await carrier.submit({ ...LONG, reference: 'm-3:1' })).toEqual({ kind: 'accepted', carrierMessageId: 'M7' });
    expect(submits(smsc)).toHaveLength(9);
  });

  it.each([
    ['ESME_RSYSERR', { kind: 'transient', reason: 'SMSC answered ESME_RSYSERR (0x00000008)' }],
    ['ESME_RINVDSTADR', { kind: 'rejected', code: 'ESME_RINVDSTADR', message: 'SMSC refused submit_sm: ESME_RINVDSTADR (0x0000000b)' }],
    ['ESME_RINVSRCADR', { kind: 'rejected', code: 'ESME_RINVSRCADR', message: 'SMSC refused submit_sm: ESME_RINVSRCADR (0x0000000a)' }],
    ['ESME_RSUBMITFAIL', { kind: 'rejected', code: 'ESME_RSUBMITFAIL', message: 'SMSC refused submit_sm: ESME_RSUBMITFAIL (0x00000045)' }],
    ['ESME_RINVESMCLASS', { kind: 'invalid', reason: 'SMSC cannot read our submit_sm: ESME_RINVESMCLASS (0x00000043)' }],
  ] as const)('submit_sm_resp %s is %j', async (status, expected) => {
    await open((pdu, c) => (pdu.command === 'submit_sm' ? c.send(answer(pdu, CommandStatus[status])) : 'default'));
    await bound();
    expect(await carrier.submit(SHORT)).toEqual(expected);
    expect(ledger.parts).toEqual([]);
  });

  it('no submit_sm_resp in time is transient and counted as a resubmission (a possible duplicate)', async () => {
    await open((pdu) => (pdu.command === 'submit_sm' ? undefined : 'default'), { name: 'silent-smsc', responseTimeoutSeconds: 0.3 });
    await bound();
    const outcome = await carrier.submit(SHORT);
    expect(outcome).toMatchObject({ kind: 'transient', reason: 'no submit_sm_resp within 300 ms: the SMSC may have taken it, a retry may duplicate' });
    expect(carrier.status().resubmissions).toEqual({ responseTimeout: 1, connectionLost: 0, malformedResponse: 0, partialMultipart: 0, ledgerFailed: 0 });
    expect(await metricValue('smpp_resubmissions_total', { connection: 'silent-smsc', cause: 'response-timeout' })).toBe(1);
    expect(await metricValue('smpp_submissions_total', { connection: 'silent-smsc', outcome: 'transient' })).toBe(1);
  });

  it('a later part refused after earlier ones were accepted: the message is refused, the accepted parts still go to the ledger', async () => {
    let n = 0;
    await open((pdu, c) => (pdu.command === 'submit_sm' ? c.send(answer(pdu, ++n === 2 ? CommandStatus.ESME_RSUBMITFAIL : 0, `P${n}`)) : 'default'));
    await bound();
    expect(await carrier.submit(LONG)).toEqual({
      kind: 'rejected', code: 'ESME_RSUBMITFAIL', message: 'part 2 of 3 (1 accepted before it): SMSC refused submit_sm: ESME_RSUBMITFAIL (0x00000045)',
    });
    expect(submits(smsc)).toHaveLength(2); // part 3 never sent
    expect(ledger.parts).toEqual([{ connection: 'smsc-test', smscMessageId: 'P1', reference: 'm-2:1', partIndex: 0, partCount: 3 }]);
  });

  it('a later part unanswered: transient (sent again whole) and counted as a partial resubmission', async () => {
    let n = 0;
    await open((pdu, c) => (pdu.command !== 'submit_sm' ? 'default' : ++n === 3 ? undefined : c.send(answer(pdu, 0, `P${n}`))), { responseTimeoutSeconds: 0.3 });
    await bound();
    const outcome = await carrier.submit(LONG);
    expect(outcome).toMatchObject({ kind: 'transient', reason: expect.stringMatching(/^part 3 of 3 \(2 accepted before it\): no submit_sm_resp/) });
    expect(carrier.status().resubmissions).toMatchObject({ responseTimeout: 1, partialMultipart: 1 });
    expect(ledger.parts.map((p) => p.smscMessageId)).toEqual(['P1', 'P2']);
  });

  it('a ledger that cannot record leaves the message transient, never accepted without its ids', async () => {
    await open();
    await bound();
    ledger.failWith(new Error('database down'));
    expect(await carrier.submit(SHORT)).toMatchObject({ kind: 'transient', reason: 'the SMSC accepted the message but its message_ids could not be recorded' });
    expect(carrier.status().resubmissions.ledgerFailed).toBe(1);
  });

  it('hands every deliver_sm to the deliver handler with its connection, and answers with the handler\'s status', async () => {
    await open();
    await bound();
    deliver.status = CommandStatus.ESME_RX_T_APPN;
    const sequenceNumber = smsc.connection.sendRequest({ command: 'deliver_sm', commandStatus: 0, ...shortMessageFields({ esmClass: 0x04, shortMessage: Buffer.from('id:M1 stat:DELIVRD err:000') }) });
    const [resp] = await smsc.connection.waitFor((p) => p.command === 'deliver_sm_resp');
    expect([resp.sequenceNumber, resp.commandStatus]).toEqual([sequenceNumber, CommandStatus.ESME_RX_T_APPN]);
    expect(deliver.delivered.map((d) => [d.connection, d.pdu.shortMessage.toString()])).toEqual([['smsc-test', 'id:M1 stat:DELIVRD err:000']]);
  });

  it('close() answers new submits transient, lets the one in flight finish, then unbinds', async () => {
    const held: Pdu[] = [];
    await open((pdu) => (pdu.command === 'submit_sm' ? void held.push(pdu) : 'default'));
    await bound();
    const inFlight = carrier.submit(SHORT);
    await waitUntil(() => held.length === 1);
    const closed = carrier.close();
    expect(await carrier.submit(SHORT)).toEqual({ kind: 'transient', reason: 'SMPP connection smsc-test is closing' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smsc.connection.received.map((p) => p.command)).not.toContain('unbind');
    smsc.connection.send(answer(held[0], 0, 'LATE-BUT-IN-TIME'));
    expect(await inFlight).toEqual({ kind: 'accepted', carrierMessageId: 'LATE-BUT-IN-TIME' });
    await closed;
    expect(smsc.connection.received.at(-1)?.command).toBe('unbind');
    expect(carrier.status()).toMatchObject({ ready: false, closing: true });
  });
});
