import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CommandStatus, decodePdu, encodePdu, errorResponseTo, type Pdu, type PduOf } from '..';
import { ScriptedSmsc, type Script } from '../testing/scripted-smsc';
import { shortMessageFields } from '../testing/short-message-fields';
import { BindRefused, ConnectionLost, MalformedResponse, NotBound, ResponseTimeout } from './session-errors';
import { SmppSession, type SmppSessionEvent, type SmppSessionOptions, type SubmitFields } from './smpp-session';

// Issue 28 points 2 and 9: the ESME session against an SMSC scripted per test over real TCP.

const MESSAGE: SubmitFields = shortMessageFields();

const DELIVER: Omit<PduOf<'deliver_sm'>, 'sequenceNumber'> = { command: 'deliver_sm', commandStatus: 0, ...MESSAGE, esmClass: 0x04 };

describe('SmppSession', () => {
  let smsc: ScriptedSmsc;
  let events: SmppSessionEvent[];
  const sessions: SmppSession[] = [];

  async function open(script?: Script, options: Partial<SmppSessionOptions> = {}): Promise<SmppSession> {
    smsc = await ScriptedSmsc.start(script);
    events = [];
    const session = await SmppSession.connect({
      host: '127.0.0.1',
      port: smsc.port,
      systemId: 'mp-test',
      password: 'secret',
      systemType: 'mp',
      responseTimeoutMs: 2000,
      onEvent: (event) => events.push(event),
      ...options,
    });
    sessions.push(session);
    return session;
  }

  const held: Pdu[] = [];
  /** An SMSC that answers submit_sm only when the test says (held PDUs). */
  const holdSubmits: Script = (pdu) => (pdu.command === 'submit_sm' ? void held.push(pdu) : 'default');
  const answer = (pdu: Pdu, messageId = `H${pdu.sequenceNumber}`) =>
    smsc.connection.send({ command: 'submit_sm_resp', commandStatus: 0, sequenceNumber: pdu.sequenceNumber, messageId });

  afterEach(async () => {
    for (const session of sessions.splice(0)) session.destroy();
    held.length = 0;
    await smsc?.stop();
  });

  it('binds as a transceiver with interface_version 0x34 and the configured credentials', async () => {
    const session = await open();
    expect(session.state).toBe('bound');
    expect(smsc.connection.received[0]).toMatchObject({
      command: 'bind_transceiver', systemId: 'mp-test', password: 'secret', systemType: 'mp', interfaceVersion: 0x34,
    });
    expect(events).toContainEqual({ type: 'bound', systemId: 'SCRIPTED' });
  });

  it('a refused bind rejects with BindRefused naming the status and closes the socket', async () => {
    const refuse: Script = (pdu, c) =>
      pdu.command === 'bind_transceiver' ? c.send({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RINVPASWD, sequenceNumber: pdu.sequenceNumber, systemId: '' }) : 'default';
    const error = await open(refuse).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BindRefused);
    expect(error).toMatchObject({ commandStatus: 0x0e, statusName: 'ESME_RINVPASWD', message: 'bind_transceiver refused: ESME_RINVPASWD' });
    expect(events).toContainEqual({ type: 'bind-refused', commandStatus: 0x0e, statusName: 'ESME_RINVPASWD' });
    await smsc.connection.closed;
  });

  it('a submit resolves with the message_id of its own response, matched by sequence_number', async () => {
    const session = await open(holdSubmits);
    const first = session.submit({ ...MESSAGE, shortMessage: Buffer.from('one') });
    const second = session.submit({ ...MESSAGE, shortMessage: Buffer.from('two') });
    await smsc.connection.waitFor((p) => p.command === 'submit_sm', 2);
    // Answered out of order: each still gets its own id.
    answer(held[1], 'ID-TWO');
    answer(held[0], 'ID-ONE');
    expect(await first).toMatchObject({ commandStatus: 0, statusName: 'ESME_ROK', messageId: 'ID-ONE' });
    expect(await second).toMatchObject({ commandStatus: 0, messageId: 'ID-TWO' });
    expect(session.outstanding).toBe(0);
  });

  it('a throttled submit resolves with ESME_RTHROTTLED and is counted', async () => {
    const throttle: Script = (pdu, c) =>
      pdu.command === 'submit_sm' ? c.send({ command: 'submit_sm_resp', commandStatus: CommandStatus.ESME_RTHROTTLED, sequenceNumber: pdu.sequenceNumber, messageId: '' }) : 'default';
    const session = await open(throttle);
    expect(await session.submit(MESSAGE)).toMatchObject({ commandStatus: 0x58, statusName: 'ESME_RTHROTTLED', messageId: '' });
    expect(events).toContainEqual({ type: 'throttled', commandStatus: 0x58, statusName: 'ESME_RTHROTTLED' });
  });

  it('never has more than the window outstanding: the 11th submit waits for a response', async () => {
    const session = await open(holdSubmits);
    const results = Array.from({ length: 11 }, (_, i) => session.submit({ ...MESSAGE, shortMessage: Buffer.from(`m${i}`) }));
    await smsc.connection.waitFor((p) => p.command === 'submit_sm', 10);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(held).toHaveLength(10);
    expect(session.outstanding).toBe(10);
    expect(session.waiting).toBe(1);
    answer(held[0]);
    await smsc.connection.waitFor((p) => p.command === 'submit_sm', 11);
    expect((held[10] as PduOf<'submit_sm'>).shortMessage.toString()).toBe('m10');
    for (const pdu of held.slice(1)) answer(pdu);
    expect((await Promise.all(results)).every((r) => r.commandStatus === 0)).toBe(true);
  });

  it('beforeSend runs once the submit holds a window slot, and a failing one frees the slot, nothing sent', async () => {
    const session = await open(holdSubmits, { window: 1 });
    const order: string[] = [];
    const first = session.submit(MESSAGE, { beforeSend: async () => void order.push('first') });
    const second = session.submit(MESSAGE, { beforeSend: async () => void order.push('second') });
    await smsc.connection.waitFor((p) => p.command === 'submit_sm');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(order).toEqual(['first']); // the second waits for the window before its hook
    answer(held[0]);
    await first;
    await smsc.connection.waitFor((p) => p.command === 'submit_sm', 2);
    expect(order).toEqual(['first', 'second']);
    answer(held[1]);
    await second;
    const refused = await session.submit(MESSAGE, { beforeSend: () => Promise.reject(new Error('paced out')) }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ message: 'paced out' });
    expect(session.outstanding).toBe(0);
    expect(held).toHaveLength(2);
  });

  it('an unanswered submit rejects with ResponseTimeout, frees its slot, and a late answer is ignored', async () => {
    const session = await open(holdSubmits, { responseTimeoutMs: 300, window: 1 });
    const error = await session.submit(MESSAGE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTimeout);
    expect(error).toMatchObject({ command: 'submit_sm', timeoutMs: 300 });
    expect(session.outstanding).toBe(0);
    expect(events).toContainEqual(expect.objectContaining({ type: 'response-timeout', command: 'submit_sm' }));
    answer(held[0], 'LATE');
    const next = session.submit(MESSAGE); // the one slot is free again
    await smsc.connection.waitFor((p) => p.command === 'submit_sm', 2);
    answer(held[1], 'ON-TIME');
    expect(await next).toMatchObject({ messageId: 'ON-TIME' });
    expect(events).toContainEqual({ type: 'unexpected-response', command: 'submit_sm_resp', sequenceNumber: held[0].sequenceNumber });
  });

  it('sends enquire_link when idle and answers the SMSC\'s', async () => {
    const session = await open(undefined, { enquireLinkMs: 150 });
    await smsc.connection.waitFor((p) => p.command === 'enquire_link', 2);
    expect(events.filter((e) => e.type === 'enquire-link-sent').length).toBeGreaterThanOrEqual(2);
    const sequenceNumber = smsc.connection.sendRequest({ command: 'enquire_link', commandStatus: 0 });
    const [resp] = await smsc.connection.waitFor((p) => p.command === 'enquire_link_resp');
    expect(resp).toMatchObject({ sequenceNumber, commandStatus: 0 });
    expect(session.state).toBe('bound');
  });

  it('closes with enquire-link-unanswered when the SMSC stops answering, failing what was outstanding', async () => {
    const silent: Script = (pdu) => (pdu.command === 'enquire_link' || pdu.command === 'submit_sm' ? undefined : 'default');
    const session = await open(silent, { enquireLinkMs: 100, responseTimeoutMs: 500 });
    await smsc.connection.waitFor((p) => p.command === 'enquire_link');
    // Sent after the enquire_link, so the dead link is noticed before this submit's own timeout.
    const submit = session.submit(MESSAGE).catch((e: unknown) => e);
    expect(await session.closed).toEqual({ kind: 'enquire-link-unanswered' });
    expect(await submit).toMatchObject({ name: 'ConnectionLost', sent: true, reason: { kind: 'enquire-link-unanswered' } });
    await smsc.connection.closed;
  }, 15_000);

  it('a socket closed mid-window rejects every outstanding submit with ConnectionLost', async () => {
    const hangUp: Script = (pdu, c) => {
      if (pdu.command !== 'submit_sm') return 'default';
      held.push(pdu);
      if (held.length === 2) c.socket.destroy();
    };
    const session = await open(hangUp, { window: 2 });
    const results = await Promise.all([1, 2, 3].map(() => session.submit(MESSAGE).catch((e: unknown) => e)));
    expect(results.map((e) => e instanceof ConnectionLost && [e.sent, e.reason.kind])).toEqual([
      [true, 'socket-closed'],
      [true, 'socket-closed'],
      [false, 'socket-closed'], // waited for a slot: never reached the SMSC
    ]);
    expect(await session.closed).toMatchObject({ kind: 'socket-closed' });
    expect(events).toContainEqual(expect.objectContaining({ type: 'closed' }));
    await expect(session.submit(MESSAGE)).rejects.toBeInstanceOf(NotBound);
  });

  it('answers an unknown command_id with generic_nack ESME_RINVCMDID and stays bound', async () => {
    const session = await open();
    const unknown = Buffer.alloc(16);
    unknown.writeUInt32BE(16, 0);
    unknown.writeUInt32BE(0x00000077, 4);
    unknown.writeUInt32BE(42, 12);
    smsc.connection.sendRaw(unknown);
    smsc.connection.sendRequest({ command: 'submit_sm', commandStatus: 0, ...MESSAGE }); // known, but never sent to an ESME
    const nacks = await smsc.connection.waitFor((p) => p.command === 'generic_nack', 2);
    expect(nacks.map((p) => [p.sequenceNumber, p.commandStatus])).toEqual([[42, CommandStatus.ESME_RINVCMDID], [1, CommandStatus.ESME_RINVCMDID]]);
    expect(events).toContainEqual({ type: 'unknown-command', commandId: 0x77, sequenceNumber: 42 });
    expect(await session.submit(MESSAGE)).toMatchObject({ messageId: 'M1' });
  });

  it('answers a malformed deliver_sm as the codec says, and fails a submit whose response is malformed', async () => {
    const garble: Script = (pdu, c) => {
      if (pdu.command !== 'submit_sm') return 'default';
      const bytes = encodePdu({ command: 'submit_sm_resp', commandStatus: 0, sequenceNumber: pdu.sequenceNumber, messageId: 'X1' });
      bytes[bytes.length - 1] = 0x41; // message_id loses its NUL
      c.sendRaw(bytes);
    };
    const session = await open(garble, { onDeliverSm: () => undefined });
    const good = encodePdu({ ...DELIVER, sequenceNumber: 7 });
    const truncated = Buffer.from(good.subarray(0, 30));
    truncated.writeUInt32BE(30, 0);
    smsc.connection.sendRaw(truncated);
    const decoded = decodePdu(truncated);
    if (decoded.ok) throw new Error('the truncated deliver_sm should not decode');
    const [resp] = await smsc.connection.waitFor((p) => p.sequenceNumber === 7);
    expect(resp).toEqual(errorResponseTo(decoded.error));
    expect(resp.command).toBe('deliver_sm_resp');
    expect(resp.commandStatus).not.toBe(0);
    const error = await session.submit(MESSAGE).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MalformedResponse);
    expect(session.state).toBe('bound');
    expect(session.outstanding).toBe(0);
  });

  it('a framing error is answered with generic_nack and closes the session', async () => {
    const session = await open();
    const broken = Buffer.alloc(16);
    broken.writeUInt32BE(4, 0); // command_length below the header
    smsc.connection.sendRaw(broken);
    const [nack] = await smsc.connection.waitFor((p) => p.command === 'generic_nack');
    expect(nack.commandStatus).toBe(CommandStatus.ESME_RINVCMDLEN);
    expect(await session.closed).toMatchObject({ kind: 'framing-error' });
    await smsc.connection.closed;
  });

  it('answers each deliver_sm at once with the status its handler decides', async () => {
    const seen: string[] = [];
    await open(undefined, {
      onDeliverSm: (pdu) => {
        const text = pdu.shortMessage.toString();
        seen.push(text);
        if (text === 'throw') throw new Error('handler bug');
        return text === 'refuse' ? CommandStatus.ESME_RX_P_APPN : undefined;
      },
    });
    const ok = smsc.connection.sendRequest({ ...DELIVER, shortMessage: Buffer.from('fine') });
    const refused = smsc.connection.sendRequest({ ...DELIVER, shortMessage: Buffer.from('refuse') });
    const thrown = smsc.connection.sendRequest({ ...DELIVER, shortMessage: Buffer.from('throw') });
    const resps = await smsc.connection.waitFor((p) => p.command === 'deliver_sm_resp', 3);
    expect(resps.map((p) => [p.sequenceNumber, p.commandStatus])).toEqual([
      [ok, 0],
      [refused, CommandStatus.ESME_RX_P_APPN],
      [thrown, CommandStatus.ESME_RX_T_APPN],
    ]);
    expect(seen).toEqual(['fine', 'refuse', 'throw']);
    expect(events).toContainEqual(expect.objectContaining({ type: 'deliver-handler-error' }));
  });

  it('an async deliver_sm handler is awaited: deliver_sm_resp goes out only once it settled', async () => {
    let store!: (status?: number) => void;
    const stored = new Promise<number | void>((resolve) => (store = resolve));
    await open(undefined, {
      onDeliverSm: (pdu) => (pdu.shortMessage.toString() === 'fails' ? Promise.reject(new Error('store down')) : stored),
    });
    const receipt = smsc.connection.sendRequest({ ...DELIVER, shortMessage: Buffer.from('receipt') });
    const failing = smsc.connection.sendRequest({ ...DELIVER, shortMessage: Buffer.from('fails') });
    const [refused] = await smsc.connection.waitFor((p) => p.command === 'deliver_sm_resp');
    expect([refused.sequenceNumber, refused.commandStatus]).toEqual([failing, CommandStatus.ESME_RX_T_APPN]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(smsc.connection.received.filter((p) => p.command === 'deliver_sm_resp')).toHaveLength(1); // still storing
    store(CommandStatus.ESME_ROK);
    const resps = await smsc.connection.waitFor((p) => p.command === 'deliver_sm_resp', 2);
    expect([resps[1].sequenceNumber, resps[1].commandStatus]).toEqual([receipt, 0]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'deliver-handler-error' }));
  });

  it('unbind waits for a deliver_sm handler still storing, so its answer goes out before unbind', async () => {
    let store!: () => void;
    const session = await open(undefined, { onDeliverSm: () => new Promise<void>((resolve) => (store = resolve)) });
    const receipt = smsc.connection.sendRequest(DELIVER);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const unbound = session.unbind();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smsc.connection.received.map((p) => p.command)).not.toContain('unbind');
    store();
    await unbound;
    const commands = smsc.connection.received.map((p) => [p.command, p.sequenceNumber]);
    expect(commands.slice(-2)).toEqual([['deliver_sm_resp', receipt], ['unbind', expect.any(Number)]]);
  });

  it('unbind waits for the window to drain, refuses new submits, then unbinds and closes', async () => {
    const session = await open(holdSubmits);
    const results = [1, 2, 3].map(() => session.submit(MESSAGE));
    await smsc.connection.waitFor((p) => p.command === 'submit_sm', 3);
    const unbound = session.unbind();
    await expect(session.submit(MESSAGE)).rejects.toBeInstanceOf(NotBound);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smsc.connection.received.some((p) => p.command === 'unbind')).toBe(false);
    for (const pdu of held) answer(pdu);
    await unbound;
    expect((await Promise.all(results)).map((r) => r.commandStatus)).toEqual([0, 0, 0]);
    const commands = smsc.connection.received.map((p) => p.command);
    expect(commands.at(-1)).toBe('unbind');
    expect(await session.closed).toEqual({ kind: 'unbound' });
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['bound', 'unbound', 'closed']));
  });

  it('unbind gives up draining after drainTimeoutMs: the unanswered submit fails with ConnectionLost', async () => {
    const session = await open(holdSubmits, { drainTimeoutMs: 200 });
    const stuck = session.submit(MESSAGE).catch((e: unknown) => e);
    await smsc.connection.waitFor((p) => p.command === 'submit_sm');
    await session.unbind();
    await smsc.connection.waitFor((p) => p.command === 'unbind');
    expect(await stuck).toMatchObject({ name: 'ConnectionLost', sent: true, reason: { kind: 'unbound' } });
  });

  it('an unbind from the SMSC is answered and ends the session', async () => {
    const session = await open();
    const sequenceNumber = smsc.connection.sendRequest({ command: 'unbind', commandStatus: 0 });
    const [resp] = await smsc.connection.waitFor((p) => p.command === 'unbind_resp');
    expect(resp.sequenceNumber).toBe(sequenceNumber);
    expect(await session.closed).toEqual({ kind: 'unbound-by-smsc' });
  });

  describe('over TLS', () => {
    const fixtures = join(__dirname, '../../../../../apps/platform/test/fixtures/webhook-tls');
    const serverTls = { key: readFileSync(join(fixtures, 'receiver-key.pem')), cert: readFileSync(join(fixtures, 'receiver-cert.pem')) };

    it('binds and submits through a TLS socket', async () => {
      smsc = await ScriptedSmsc.start(undefined, serverTls);
      const session = await SmppSession.connect({
        host: '127.0.0.1', port: smsc.port, systemId: 'mp-test', password: 'secret', tls: { ca: readFileSync(join(fixtures, 'ca.pem')) },
      });
      sessions.push(session);
      expect(await session.submit(MESSAGE)).toMatchObject({ commandStatus: 0, messageId: 'M1' });
    });

    it('an SMSC certificate the session does not trust is a ConnectionLost, never sent', async () => {
      smsc = await ScriptedSmsc.start(undefined, serverTls);
      const error = await SmppSession.connect({ host: '127.0.0.1', port: smsc.port, systemId: 'mp-test', password: 'secret', tls: { ca: [] } }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConnectionLost);
      expect(error).toMatchObject({ sent: false, reason: { kind: 'socket-closed' } });
    });
  });
});
