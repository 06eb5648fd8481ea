import { CommandStatus } from '@mp/smpp';
import { ScriptedSmsc } from '@mp/smpp/src/testing/scripted-smsc';
import { waitUntil } from '../carriers/smpp/testing/fake-ports';
import { openTestDatabase, startHarness, type Harness, type TestDatabase } from '../testing/service-harness';

// Issue 28 point 6: a replica with no SMPP session bound (its binds leased elsewhere, or the SMSC refusing) claims no SMS.
describe('dispatch and a carrier that cannot send from this replica', () => {
  let database: TestDatabase;
  let smsc: ScriptedSmsc;
  let h: Harness | undefined;
  let refuseBinds = true;
  beforeAll(async () => {
    database = await openTestDatabase();
    smsc = await ScriptedSmsc.start((pdu, c) =>
      pdu.command === 'bind_transceiver' && refuseBinds
        ? c.send({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RBINDFAIL, sequenceNumber: pdu.sequenceNumber, systemId: '' })
        : 'default',
    );
  });
  afterAll(async () => {
    await h?.messaging.parts.stop?.(); // unbinds and frees its bind leases
    await h?.close();
    await smsc.stop();
    await database.close();
  });

  it('leaves SMS queued, unclaimed and with no attempt spent while no bind is up, and sends it once one is', async () => {
    const connection = { name: 'dispatch-smsc', protocol: 'smpp', channel: 'Sms', numbers: ['*'], priority: 1, host: '127.0.0.1', port: smsc.port, systemId: 'platform', password: 'secret' };
    h = await startHarness(database, { CARRIER_CONNECTIONS: JSON.stringify([connection]) });
    const { messageId } = await h.send({ channelType: 'Sms', destination: '+14155550123' });
    // It leases the connection's bind and tries it: refused.
    await waitUntil(() => smsc.connections.some((c) => c.received.some((p) => p.command === 'bind_transceiver')), 5000, 'a bind tried');
    await h.dispatch();
    await h.dispatch();
    const row = await h.db('messages').where({ id: messageId }).first();
    expect(row).toMatchObject({ status: 'queued', attempts: 0, deferrals: 0, claimed_until: null });
    expect(smsc.connections.flatMap((c) => c.received).filter((p) => p.command === 'submit_sm')).toEqual([]);

    refuseBinds = false;
    const deadline = Date.now() + 8000;
    while ((await h.get(messageId)).status !== 'dispatched') {
      if (Date.now() > deadline) throw new Error('not dispatched once the SMSC took the bind');
      await new Promise((resolve) => setTimeout(resolve, 100));
      await h.dispatch();
    }
    expect(smsc.connections.flatMap((c) => c.received).filter((p) => p.command === 'submit_sm')).toHaveLength(1);
  });
});
