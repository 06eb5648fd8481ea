import { CommandStatus, encodePdu, type Pdu } from '@mp/smpp';
import { ScriptedSmsc, type Script, type SmscConnection } from '@mp/smpp/src/testing/scripted-smsc';
import { createLogger } from '@mp/telemetry';
import type { CarrierOutcome, CarrierSubmission } from '../carrier.port';
import type { SmppConnection } from '@mp/carrier-connections';
import { SmppCarrier, type SmppCarrierOptions } from './smpp-carrier';
import { InMemoryPartLedger, RecordingDeliverHandler, waitUntil } from './testing/fake-ports';
import { metricValue } from '../testing/metric-value';
import { smppConnection } from './testing/smpp-connection';

// Issue 28 point 9, client side: an SMSC misbehaving. None crashes the process, none fails a message the
// SMSC did not refuse, and each leaves a metric (smpp_session_events_total and friends) an operator can alert on.
const SMS: CarrierSubmission = { reference: 'm-1:1', accountId: 'a-1', channel: 'Sms', from: '+15550000001', to: '+447700900123', body: 'Hello' };
const submitResp = (pdu: Pdu, commandStatus: number, messageId = '') => ({ command: 'submit_sm_resp' as const, commandStatus, sequenceNumber: pdu.sequenceNumber, messageId });
const kinds = (outcomes: CarrierOutcome[]) => outcomes.map((o) => o.kind);

describe('SmppCarrier against a faulty SMSC', () => {
  let smsc: ScriptedSmsc;
  let carrier: SmppCarrier;
  let logs: Array<Record<string, unknown>>;
  /** The log lines an operator would see, as [level, message, connection]. */
  const logged = (level: string, message: string) => logs.filter((l) => l.level === level && l.message === message).map((l) => l.connection);

  async function open(name: string, script: Script, overrides: Partial<SmppConnection> = {}, options: SmppCarrierOptions = {}): Promise<SmppCarrier> {
    smsc = await ScriptedSmsc.start(script);
    logs = [];
    const logger = createLogger('info', {}, (line) => logs.push(JSON.parse(line)));
    const connection = smppConnection(smsc.port, { name, ...overrides });
    carrier = new SmppCarrier(connection, { ledger: new InMemoryPartLedger(), onDeliverSm: new RecordingDeliverHandler().handle }, { reconnect: { initialMs: 50, maxMs: 200 }, logger, ...options });
    return carrier;
  }
  const events = (connection: string, event: string) => metricValue('smpp_session_events_total', { connection, event });
  const bound = () => waitUntil(() => carrier.status().boundSessions === 1, 5000, 'a bound session');
  /** Rebound on a new TCP connection after the first was lost. */
  const rebound = (connections = 2) => waitUntil(() => smsc.connections.length >= connections && carrier.status().boundSessions === 1, 5000, 'a new bound session');

  afterEach(async () => {
    await carrier?.close();
    await smsc?.stop();
  });

  it('a malformed submit_sm_resp: that message is transient (counted as a possible duplicate), the bind stays', async () => {
    let n = 0;
    await open('fault-garbled', (pdu, c) => {
      if (pdu.command !== 'submit_sm' || ++n > 1) return 'default';
      const bytes = encodePdu(submitResp(pdu, 0, 'X1'));
      bytes[bytes.length - 1] = 0x41; // message_id loses its NUL
      c.sendRaw(bytes);
    });
    await bound();
    expect(await carrier.submit(SMS)).toMatchObject({ kind: 'transient', reason: expect.stringMatching(/^unreadable submit_sm_resp/) });
    expect(await carrier.submit(SMS)).toEqual({ kind: 'accepted', carrierMessageId: 'M1' });
    expect(carrier.status()).toMatchObject({ boundSessions: 1, resubmissions: { malformedResponse: 1 } });
    expect(await metricValue('smpp_resubmissions_total', { connection: 'fault-garbled', cause: 'malformed-response' })).toBe(1);
  });

  it('an unframeable PDU: generic_nack, the session is dropped and bound again, sending resumes', async () => {
    await open('fault-framing', () => 'default');
    await bound();
    const broken = Buffer.alloc(16);
    broken.writeUInt32BE(4, 0); // command_length below the header
    smsc.connection.sendRaw(broken);
    const [nack] = await smsc.connection.waitFor((p) => p.command === 'generic_nack');
    expect(nack.commandStatus).toBe(CommandStatus.ESME_RINVCMDLEN);
    await rebound();
    expect(await carrier.submit(SMS)).toMatchObject({ kind: 'accepted' });
    expect(await events('fault-framing', 'malformed-pdu')).toBe(1);
    expect(await events('fault-framing', 'closed:framing-error')).toBe(1);
    expect(logged('warn', 'SMPP PDU from the SMSC could not be read')).toEqual(['fault-framing']);
    expect(logged('warn', 'SMPP session lost')).toEqual(['fault-framing']);
  });

  it('an unknown command: answered generic_nack ESME_RINVCMDID, counted, and the bind carries on', async () => {
    await open('fault-unknown', () => 'default');
    await bound();
    const unknown = Buffer.alloc(16);
    unknown.writeUInt32BE(16, 0);
    unknown.writeUInt32BE(0x00000077, 4);
    unknown.writeUInt32BE(42, 12);
    smsc.connection.sendRaw(unknown);
    const [nack] = await smsc.connection.waitFor((p) => p.command === 'generic_nack');
    expect([nack.sequenceNumber, nack.commandStatus]).toEqual([42, CommandStatus.ESME_RINVCMDID]);
    expect(await carrier.submit(SMS)).toEqual({ kind: 'accepted', carrierMessageId: 'M1' });
    expect(smsc.connections).toHaveLength(1);
    expect(await events('fault-unknown', 'unknown-command')).toBe(1);
    expect(logged('warn', 'SMPP unknown command from the SMSC answered with generic_nack')).toEqual(['fault-unknown']);
  });

  it('an SMSC that stops answering enquire_link: the session is declared lost and a new one binds', async () => {
    let first: SmscConnection | undefined;
    await open(
      'fault-silent-link',
      (pdu, c) => {
        first ??= c;
        return pdu.command === 'enquire_link' && c === first ? undefined : 'default';
      },
      { enquireLinkSeconds: 0.2, responseTimeoutSeconds: 0.3 },
    );
    await bound();
    await rebound();
    expect(smsc.connections[0].received.some((p) => p.command === 'enquire_link')).toBe(true);
    expect(await events('fault-silent-link', 'closed:enquire-link-unanswered')).toBe(1);
    expect(logs.find((l) => l.message === 'SMPP session lost')).toMatchObject({ level: 'warn', connection: 'fault-silent-link', reason: 'enquire-link-unanswered' });
    expect(await carrier.submit(SMS)).toMatchObject({ kind: 'accepted' });
  });

  it('the socket closed mid-window: the submits in flight come back transient, none rejected, and sending resumes on a new bind', async () => {
    const held: Pdu[] = [];
    await open('fault-hang-up', (pdu, c) => {
      if (pdu.command !== 'submit_sm' || c !== smsc.connections[0]) return 'default';
      held.push(pdu);
      if (held.length === 3) c.socket.destroy();
    });
    await bound();
    const outcomes = await Promise.all([1, 2, 3].map((i) => carrier.submit({ ...SMS, reference: `m-${i}:1` })));
    expect(kinds(outcomes)).toEqual(['transient', 'transient', 'transient']);
    expect(outcomes[0]).toMatchObject({ reason: 'SMPP session lost (socket-closed) before submit_sm_resp: the SMSC may have taken it' });
    expect(carrier.status()).toMatchObject({ submits: { transient: 3, rejected: 0 }, resubmissions: { connectionLost: 3 } });
    await rebound();
    expect(await carrier.submit(SMS)).toMatchObject({ kind: 'accepted' });
    expect(await events('fault-hang-up', 'closed:socket-closed')).toBe(1);
  });

  it('an SMSC throttling every submit for a while: nothing fails, the rate drops, throttles are counted', async () => {
    const throttleUntil = Date.now() + 400;
    await open(
      'fault-throttled',
      (pdu, c) => (pdu.command === 'submit_sm' && Date.now() < throttleUntil ? c.send(submitResp(pdu, CommandStatus.ESME_RTHROTTLED)) : 'default'),
      { throughputPerSecond: 40 },
      { throttlePauseMs: 50, throttleRetries: 100, slowdownMs: 10_000 },
    );
    await bound();
    const outcomes = await Promise.all(Array.from({ length: 5 }, (_, i) => carrier.submit({ ...SMS, reference: `m-${i}:1` })));
    expect(kinds(outcomes)).toEqual(Array(5).fill('accepted'));
    const status = carrier.status();
    expect(status.throttles).toBeGreaterThanOrEqual(5);
    expect(status.pacing.configuredPerSecond).toBe(40);
    expect(status.pacing.currentPerSecond).toBeLessThan(40);
    expect(status.pacing.slowedUntil).toEqual(expect.any(String));
    expect(await metricValue('smpp_throttles_total', { connection: 'fault-throttled' })).toBe(status.throttles);
    expect(logs.find((l) => l.message === 'SMPP SMSC throttling: connection slowed down')).toMatchObject({ level: 'warn', connection: 'fault-throttled', segmentsPerSecond: 20 });
    expect(await metricValue('smpp_pacing_segments_per_second', { connection: 'fault-throttled' })).toBe(status.pacing.currentPerSecond);
  });

  it('an SMSC throttling past the retry bound: the message stays queued (transient), never failed', async () => {
    await open('fault-throttled-long', (pdu, c) => (pdu.command === 'submit_sm' ? c.send(submitResp(pdu, CommandStatus.ESME_RMSGQFUL)) : 'default'), {}, { throttlePauseMs: 10, throttleRetries: 3 });
    await bound();
    expect(await carrier.submit(SMS)).toEqual({ kind: 'transient', reason: 'SMSC still throttling after 4 tries: ESME_RMSGQFUL (0x00000014)' });
    expect(carrier.status().throttles).toBe(4);
  });

  it('ESME_RINVBNDSTS (the SMSC forgot the bind): transient, and the session is replaced by a new bind', async () => {
    await open('fault-not-bound', (pdu, c) => (pdu.command === 'submit_sm' && c === smsc.connections[0] ? c.send(submitResp(pdu, CommandStatus.ESME_RINVBNDSTS)) : 'default'));
    await bound();
    expect(await carrier.submit(SMS)).toEqual({ kind: 'transient', reason: 'SMSC answered ESME_RINVBNDSTS (0x00000004)' });
    await smsc.connections[0].waitFor((p) => p.command === 'unbind');
    await rebound();
    expect(await carrier.submit(SMS)).toMatchObject({ kind: 'accepted' });
  });

  it('a wrong password: the bind is refused, the connection is not ready, a submit is transient and nothing is rejected', async () => {
    await open('fault-password', (pdu, c) =>
      pdu.command === 'bind_transceiver' ? c.send({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RINVPASWD, sequenceNumber: pdu.sequenceNumber, systemId: '' }) : 'default',
    );
    await waitUntil(() => carrier.status().bindErrors.length > 0 && smsc.connections.length >= 2, 5000, 'a refused bind, tried again');
    // The second connection is accepted before its bind is answered: wait for the client to have read that refusal too.
    for (const deadline = Date.now() + 5000; (await events('fault-password', 'bind-refused')) < 2; await new Promise((r) => setTimeout(r, 20))) {
      if (Date.now() > deadline) throw new Error('the second bind was not refused within 5 s');
    }
    expect(carrier.status()).toMatchObject({ ready: false, boundSessions: 0, bindErrors: ['bind refused: ESME_RINVPASWD'] });
    expect(await carrier.submit(SMS)).toEqual({ kind: 'transient', reason: 'no bound SMPP session on fault-password (bind refused: ESME_RINVPASWD)' });
    expect(carrier.status().submits).toEqual({ accepted: 0, rejected: 0, transient: 1, invalid: 0 });
    expect(logs.find((l) => l.message === 'SMPP bind refused')).toMatchObject({ level: 'warn', connection: 'fault-password', status: 'ESME_RINVPASWD' });
    expect(JSON.stringify(logs)).not.toContain('secret'); // the password is never logged
    expect(await metricValue('smpp_bound_sessions', { connection: 'fault-password' })).toBe(0);
  });
});
