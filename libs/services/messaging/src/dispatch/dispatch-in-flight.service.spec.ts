import { CommandStatus, type Pdu } from '@mp/smpp';
import { ScriptedSmsc, type SmscConnection } from '@mp/smpp/src/testing/scripted-smsc';
import { waitUntil } from '../carriers/smpp/testing/fake-ports';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

// Dispatch keeps as many submissions in flight as the carrier takes at once (an SMPP connection's window), not a
// fixed eight: through an SMSC that answers after a round trip, eight at a time held the whole queue to a few
// dozen a second whatever the window.
describe('dispatch and an SMPP window wider than its own default', () => {
  const MESSAGES = 30;
  let database: TestDatabase;
  let smsc: ScriptedSmsc;
  const harnesses: Harness[] = [];
  const held: Array<{ pdu: Pdu; connection: SmscConnection }> = [];
  beforeAll(async () => {
    database = await openTestDatabase();
    // Holds every submit_sm unanswered until the test answers them.
    smsc = await ScriptedSmsc.start((pdu, connection) => (pdu.command === 'submit_sm' ? void held.push({ pdu, connection }) : 'default'));
  });
  afterAll(async () => {
    for (const h of harnesses.reverse()) {
      await h.messaging.parts.stop?.(); // unbinds and frees its bind leases
      await h.close();
    }
    await smsc.stop();
    await database.close();
  });

  it('has a window of 20 submit_sm out before the SMSC answers any, then records every message dispatched', async () => {
    const connection = { name: 'wide-smsc', protocol: 'smpp', channel: 'Sms', numbers: ['*'], priority: 1, host: '127.0.0.1', port: smsc.port, systemId: 'platform', password: 'secret', window: 20 };
    // Accepted where nothing dispatches, so the pass below claims them all at once.
    const accepting = await startHarness(database, { DISPATCH_ENABLED: false });
    harnesses.push(accepting);
    const ids: string[] = [];
    for (let i = 0; i < MESSAGES; i += 1) ids.push((await accepting.send({ destination: `+1415555${String(2000 + i)}` })).messageId);
    const h = await startHarness(database, { CARRIER_CONNECTIONS: JSON.stringify([connection]) });
    harnesses.push(h);
    await waitUntil(() => smsc.connections.some((c) => c.received.some((p) => p.command === 'bind_transceiver')), 5000, 'bound');
    await new Promise((resolve) => setTimeout(resolve, 100)); // its bind_transceiver_resp read
    const pass = h.dispatch();
    await waitUntil(() => held.length >= 20, 5000, '20 submit_sm in flight');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(held).toHaveLength(20); // the window, all of it: not dispatch's default of 8, and never past the window
    // The SMSC answers as it goes: every message goes out and is recorded.
    const answer = () => {
      for (const { pdu, connection: c } of held.splice(0)) c.send({ command: 'submit_sm_resp', commandStatus: CommandStatus.ESME_ROK, sequenceNumber: pdu.sequenceNumber, messageId: `W${pdu.sequenceNumber}` });
    };
    const answering = setInterval(answer, 20);
    try {
      await pass;
    } finally {
      clearInterval(answering);
    }
    const statuses = await h.db('messages').whereIn('id', ids).pluck('status');
    expect(statuses.filter((s: string) => s === 'dispatched')).toHaveLength(MESSAGES);
  });
});
