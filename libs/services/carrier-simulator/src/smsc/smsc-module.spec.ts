import { randomUUID } from 'node:crypto';
import { CommandStatus, SmppSession } from '@mp/smpp';
import { fakeRouting } from '../testing/fake-routing';
import { principalOf, startSimulatorHarness, submitToCarrier, type SimulatorHarness } from '../testing/simulator.test-harness';
import { SANDBOX_SMSC_CREDENTIALS } from './smsc-settings';
import { listSmscSubmissions } from './smsc-submissions.repository';
import { submitFields } from './testing/sandbox-smsc.harness';

// Issue 28 point 7: the carrier simulator module runs the SMSC beside its HTTP carrier API,
// publishes where it listens, learns a submission's account from routing, and unbinds on stop.

const SENDER = '+15550008000';
const ACCOUNT = 'acc-module';
// Routing as the simulator asks it: ResolveNumber (as a service) says whose sender number this is.
const { routing } = fakeRouting([{ accountId: ACCOUNT, address: SENDER, channelTypes: ['Sms'] }]);

let sim: SimulatorHarness;
beforeAll(async () => {
  sim = await startSimulatorHarness({ routing });
});
afterAll(() => sim?.close());

const bind = () => SmppSession.connect({ host: sim.endpoints.smsc!.host, port: sim.endpoints.smsc!.port, ...SANDBOX_SMSC_CREDENTIALS });

describe('carrier simulator module: the SMSC', () => {
  it('publishes smpp://host:port and binds the sandbox credentials there', async () => {
    expect(sim.endpoints.smsc).toEqual({ host: '127.0.0.1', port: expect.any(Number) });
    const session = await bind();
    expect(session.state).toBe('bound');
    await session.unbind();
  });

  it("plays the behaviour the sender's account set through the simulator's own API", async () => {
    const to = '+15558000001';
    await sim.client.setCarrierBehavior({ accountId: ACCOUNT, destination: to, outcome: 'throttled', afterSeconds: 0 }, { principal: principalOf(ACCOUNT) });
    const session = await bind();
    const fields = submitFields(SENDER, to);
    expect((await session.submit(fields)).commandStatus).toBe(CommandStatus.ESME_RTHROTTLED);
    expect((await session.submit(fields)).commandStatus).toBe(CommandStatus.ESME_RTHROTTLED);
    expect((await session.submit(fields)).commandStatus).toBe(CommandStatus.ESME_ROK);
    expect(await listSmscSubmissions(sim.db, { to })).toEqual([expect.objectContaining({ accountId: ACCOUNT, outcome: 'throttled' })]);
    await session.unbind();
  });

  it('sends receipts from its due-work job', async () => {
    const delivered: string[] = [];
    const session = await SmppSession.connect({
      host: '127.0.0.1',
      port: sim.endpoints.smsc!.port,
      ...SANDBOX_SMSC_CREDENTIALS,
      onDeliverSm: (pdu) => void delivered.push(pdu.tlvs?.receiptedMessageId ?? ''),
    });
    const { messageId } = await session.submit(submitFields(SENDER, '+15558000002'));
    expect(delivered).not.toContain(messageId);
    sim.clock.advance(1);
    await sim.runDue();
    // (The earlier test's receipt, due while nobody was bound, may come first.)
    expect(delivered.filter((id) => id === messageId)).toEqual([messageId]);
    await session.unbind();
  });

  it('over HTTP, an SMPP-only behaviour plays as its nearest HTTP outcome', async () => {
    const principal = { principal: principalOf(ACCOUNT) };
    await sim.client.setCarrierBehavior({ accountId: ACCOUNT, destination: '+15558000003', outcome: 'drop-connection' }, principal);
    await sim.client.setCarrierBehavior({ accountId: ACCOUNT, destination: '+15558000004', outcome: 'receipt-last-part-only' }, principal);
    const post = (to: string) =>
      submitToCarrier(sim.endpoints.httpUrl, { reference: `${randomUUID()}:1`, accountId: ACCOUNT, channel: 'Sms', from: SENDER, to, body: 'Hi' });
    expect((await post('+15558000003')).status).toBe(503);
    const accepted = await post('+15558000004');
    expect(accepted.status).toBe(201);
    expect(await sim.db('carrier_receipts').where({ carrier_message_id: accepted.body.carrierMessageId as string }).select('status')).toEqual([{ status: 'delivered' }]);
  });

  it('unbinds its sessions when the module stops', async () => {
    const own = await startSimulatorHarness({ routing });
    const session = await SmppSession.connect({ host: '127.0.0.1', port: own.endpoints.smsc!.port, ...SANDBOX_SMSC_CREDENTIALS });
    await own.close();
    expect(await session.closed).toEqual({ kind: 'unbound-by-smsc' });
  });
});
