import { randomBytes } from 'node:crypto';
import { BindRefused, CommandId, CommandStatus, encodePdu, SmppSession } from '@mp/smpp';
import { listSmscSubmissions } from './smsc-submissions.repository';
import { metricsRegistry } from '@mp/telemetry';
import { RawEsme } from './testing/raw-esme';
import { submitFields, startSandboxSmsc, type SandboxSmscHarness } from './testing/sandbox-smsc.harness';
import { waitUntil } from './testing/wait-until';

// Issue 28 points 7 and 9: binds, and what the SMSC answers to bad input. Nothing a peer sends crashes it.

let h: SandboxSmscHarness;
/** A counter's value for one label set, as /metrics shows it. */
async function counted(name: string, labels: Record<string, string>): Promise<number> {
  const metric = await metricsRegistry.getSingleMetric(name)?.get();
  return metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l))?.value ?? 0;
}
const esmes: RawEsme[] = [];
const connect = async () => {
  const esme = await RawEsme.connect(h.port);
  esmes.push(esme);
  return esme;
};

beforeAll(async () => {
  h = await startSandboxSmsc();
});
afterEach(() => {
  for (const esme of esmes.splice(0)) esme.close();
});
afterAll(() => h.close());

/** The SMSC still binds and answers after whatever a test did to it. */
async function stillServes(): Promise<void> {
  const esme = await connect();
  expect(await esme.bind('sandbox', 'sandbox')).toMatchObject({ command: 'bind_transceiver_resp', commandStatus: 0, systemId: 'MPSIM' });
  expect(await esme.request({ command: 'enquire_link', commandStatus: 0 })).toMatchObject({ command: 'enquire_link_resp', commandStatus: 0 });
}

describe('sandbox SMSC: binds', () => {
  it('refuses a wrong password with ESME_RINVPASWD and closes the connection', async () => {
    const before = await counted('sandbox_smsc_binds_total', { result: 'ESME_RINVPASWD' });
    const esme = await connect();
    expect(await esme.bind('sandbox', 'wrong')).toMatchObject({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RINVPASWD, systemId: '' });
    await esme.closed;
    expect(h.smsc.boundSessions).toEqual([]);
    expect(await counted('sandbox_smsc_binds_total', { result: 'ESME_RINVPASWD' })).toBe(before + 1);
  });

  it('refuses an unknown system_id with ESME_RINVSYSID (an SmppSession sees BindRefused)', async () => {
    const refused = await SmppSession.connect({ host: '127.0.0.1', port: h.port, systemId: 'intruder', password: 'sandbox' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(BindRefused);
    expect(refused).toMatchObject({ commandStatus: CommandStatus.ESME_RINVSYSID });
  });

  it('binds a transmitter and a receiver: the transmitter submits, the receiver may not, and gets the receipt', async () => {
    const transmitter = await connect();
    const receiver = await connect();
    expect(await transmitter.bind('sandbox', 'sandbox', 'bind_transmitter')).toMatchObject({ command: 'bind_transmitter_resp', commandStatus: 0 });
    expect(await receiver.bind('sandbox', 'sandbox', 'bind_receiver')).toMatchObject({ command: 'bind_receiver_resp', commandStatus: 0 });
    expect(await receiver.submit(submitFields('+15550005000', '+15555000001'))).toMatchObject({ command: 'submit_sm_resp', commandStatus: CommandStatus.ESME_RINVBNDSTS });
    const accepted = await transmitter.submit(submitFields('+15550005000', '+15555000002'));
    expect(accepted).toMatchObject({ command: 'submit_sm_resp', commandStatus: 0 });
    await h.advance(1);
    const receipt = await receiver.waitFor((p) => p.command === 'deliver_sm');
    expect(receipt).toMatchObject({ esmClass: 0x04, tlvs: { receiptedMessageId: (accepted as { messageId: string }).messageId } });
    expect(transmitter.received.filter((p) => p.command === 'deliver_sm')).toEqual([]);
    receiver.send({ command: 'deliver_sm_resp', commandStatus: 0, sequenceNumber: receipt.sequenceNumber, messageId: '' });
  });

  it('answers submit_sm before a bind with ESME_RINVBNDSTS, a second bind with ESME_RALYBND', async () => {
    const esme = await connect();
    expect(await esme.submit(submitFields('+15550005000', '+15555000003'))).toMatchObject({ commandStatus: CommandStatus.ESME_RINVBNDSTS });
    await esme.bind('sandbox', 'sandbox');
    expect(await esme.bind('sandbox', 'sandbox')).toMatchObject({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RALYBND });
    expect(await listSmscSubmissions(h.db, { to: '+15555000003' })).toEqual([]);
  });

  it('answers unbind with unbind_resp and closes', async () => {
    const esme = await connect();
    await esme.bind('sandbox', 'sandbox');
    expect(await esme.request({ command: 'unbind', commandStatus: 0 })).toMatchObject({ command: 'unbind_resp', commandStatus: 0 });
    await esme.closed;
  });
});

describe('sandbox SMSC: bad input', () => {
  const header = (length: number, commandId: number, sequence: number) => {
    const b = Buffer.alloc(16);
    b.writeUInt32BE(length, 0);
    b.writeUInt32BE(commandId, 4);
    b.writeUInt32BE(0, 8);
    b.writeUInt32BE(sequence, 12);
    return b;
  };

  it('answers an unknown command_id with generic_nack ESME_RINVCMDID and keeps the bind', async () => {
    const esme = await connect();
    await esme.bind('sandbox', 'sandbox');
    const before = await counted('sandbox_smsc_faults_total', { fault: 'malformed-pdu' });
    esme.sendRaw(header(16, 0x00000777, 4242));
    expect(await esme.waitFor((p) => p.sequenceNumber === 4242)).toMatchObject({ command: 'generic_nack', commandStatus: CommandStatus.ESME_RINVCMDID });
    expect(await counted('sandbox_smsc_faults_total', { fault: 'malformed-pdu' })).toBe(before + 1);
    expect(await esme.request({ command: 'enquire_link', commandStatus: 0 })).toMatchObject({ command: 'enquire_link_resp' });
  });

  it('answers a submit_sm whose body ends early with a refusing submit_sm_resp, and files nothing', async () => {
    const esme = await connect();
    await esme.bind('sandbox', 'sandbox');
    const whole = encodePdu({ command: 'submit_sm', commandStatus: 0, sequenceNumber: 77, ...submitFields('+15550005000', '+15555000004') });
    const cut = Buffer.concat([header(30, CommandId.submit_sm, 77), whole.subarray(16, 30)]);
    esme.sendRaw(cut);
    const answer = await esme.waitFor((p) => p.sequenceNumber === 77);
    expect(answer.command).toBe('submit_sm_resp');
    expect(answer.commandStatus).not.toBe(0);
    expect(await listSmscSubmissions(h.db, { to: '+15555000004' })).toEqual([]);
    expect(await esme.request({ command: 'enquire_link', commandStatus: 0 })).toMatchObject({ command: 'enquire_link_resp' });
  });

  it('refuses data_sm in its own response and a deliver_sm from an ESME with generic_nack', async () => {
    const esme = await connect();
    await esme.bind('sandbox', 'sandbox');
    const data = await esme.request({
      command: 'data_sm',
      commandStatus: 0,
      serviceType: '',
      sourceAddrTon: 1,
      sourceAddrNpi: 1,
      sourceAddr: '15550005000',
      destAddrTon: 1,
      destAddrNpi: 1,
      destinationAddr: '15555000005',
      esmClass: 0,
      registeredDelivery: 0,
      dataCoding: 0,
    });
    expect(data).toMatchObject({ command: 'data_sm_resp', commandStatus: CommandStatus.ESME_RINVCMDID });
    expect(await esme.request({ command: 'deliver_sm', commandStatus: 0, ...submitFields('+15550005000', '+15555000005') })).toMatchObject({
      command: 'generic_nack',
      commandStatus: CommandStatus.ESME_RINVCMDID,
    });
  });

  it('answers a command_length out of bounds with generic_nack, closes that connection, and serves the next', async () => {
    const esme = await connect();
    await esme.bind('sandbox', 'sandbox');
    esme.sendRaw(header(0xffffffff, CommandId.submit_sm, 9));
    expect(await esme.waitFor((p) => p.command === 'generic_nack')).toMatchObject({ commandStatus: CommandStatus.ESME_RINVCMDLEN });
    await esme.closed;
    await stillServes();
  });

  it('survives random bytes in random chunks on many connections', async () => {
    for (let i = 0; i < 20; i++) {
      const esme = await connect();
      if (i % 2 === 0) await esme.bind('sandbox', 'sandbox');
      for (let j = 0; j < 5; j++) esme.sendRaw(randomBytes(1 + Math.floor(Math.random() * 200)));
      esme.close();
    }
    await waitUntil(() => h.smsc.boundSessions.length === 0);
    await stillServes();
  });
});
