import { CommandStatus } from '@mp/smpp';
import { ScriptedSmsc, type Script } from '@mp/smpp/src/testing/scripted-smsc';
import { createLogger } from '@mp/telemetry';
import type { CarrierSubmission } from '../carrier.port';
import { SmppCarrier } from './smpp-carrier';
import { InMemoryPartLedger, RecordingDeliverHandler, waitUntil } from './testing/fake-ports';
import { metricValue } from '../testing/metric-value';
import { smppConnection } from './testing/smpp-connection';

// Issue 28 point 6: with bind leases a replica binds only the slots it holds, and says when a held one cannot bind.
const SMS: CarrierSubmission = { reference: 'm-1:1', accountId: 'a-1', channel: 'Sms', from: '+15550000001', to: '+447700900123', body: 'Hello' };

describe('SmppCarrier with bind leases', () => {
  let smsc: ScriptedSmsc;
  let carrier: SmppCarrier;
  let logs: Array<Record<string, unknown>>;

  async function open(name: string, script?: Script, unboundWarnMs = 30_000): Promise<void> {
    smsc = await ScriptedSmsc.start(script);
    logs = [];
    const logger = createLogger('info', {}, (line) => logs.push(JSON.parse(line)));
    carrier = new SmppCarrier(smppConnection(smsc.port, { name, binds: 2 }), { ledger: new InMemoryPartLedger(), onDeliverSm: new RecordingDeliverHandler().handle }, { logger, bindLeases: true, unboundWarnMs, reconnect: { initialMs: 20, maxMs: 50 } });
  }

  afterEach(async () => {
    await carrier?.close();
    await smsc?.stop();
  });

  it('binds nothing until a slot is opened; its submissions are transient and dispatch is told it cannot send', async () => {
    await open('leased-none');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(smsc.connections).toHaveLength(0);
    expect(carrier.canSend()).toBe(false);
    expect(carrier.status()).toMatchObject({ ready: false, configuredBinds: 2, heldBinds: 0, boundSessions: 0, windowSize: 0 });
    expect(await carrier.submit(SMS)).toEqual({ kind: 'transient', reason: 'no bind held by this replica on leased-none: its 2 bind(s) are leased to other replicas' });
    expect(await metricValue('smpp_connection_ready', { connection: 'leased-none' })).toBe(0);
    expect(await metricValue('smpp_held_binds', { connection: 'leased-none' })).toBe(0);
    expect(logs.filter((l) => l.level === 'warn')).toEqual([]); // holding no slot is by design, not an outage
  });

  it('opens and closes single slots: one bind per slot held, unbound when it is given up', async () => {
    await open('leased-one');
    carrier.openBind(1);
    carrier.openBind(1); // already open: no second session
    await waitUntil(() => carrier.canSend(), 5000, 'slot 1 bound');
    expect(smsc.connections).toHaveLength(1);
    expect(carrier.heldSlots).toEqual([1]);
    expect(carrier.status()).toMatchObject({ ready: true, heldBinds: 1, boundSessions: 1, windowSize: 10 });
    expect(await metricValue('smpp_connection_ready', { connection: 'leased-one' })).toBe(1);
    expect(await metricValue('smpp_held_binds', { connection: 'leased-one' })).toBe(1);
    expect(await carrier.submit(SMS)).toMatchObject({ kind: 'accepted' });
    await carrier.closeBind(1);
    await smsc.connection.waitFor((p) => p.command === 'unbind');
    expect(carrier.status()).toMatchObject({ ready: false, heldBinds: 0, boundSessions: 0 });
  });

  it('a held slot that cannot bind: one warn line naming the connection and its last bind error, an info line once it binds', async () => {
    let refuse = true;
    await open(
      'leased-refused',
      (pdu, c) =>
        pdu.command === 'bind_transceiver' && refuse
          ? c.send({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RBINDFAIL, sequenceNumber: pdu.sequenceNumber, systemId: '' })
          : 'default',
      150,
    );
    carrier.openBind(0);
    await waitUntil(() => logs.some((l) => l.message === 'SMPP connection cannot bind'), 5000, 'the warn line');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(logs.filter((l) => l.message === 'SMPP connection cannot bind')).toEqual([
      expect.objectContaining({ level: 'warn', connection: 'leased-refused', heldBinds: 1, lastBindError: 'bind refused: ESME_RBINDFAIL' }),
    ]);
    expect(await metricValue('smpp_connection_ready', { connection: 'leased-refused' })).toBe(0);
    refuse = false;
    await waitUntil(() => logs.some((l) => l.message === 'SMPP connection bound again'), 5000, 'the info line');
    expect(await metricValue('smpp_connection_ready', { connection: 'leased-refused' })).toBe(1);
  });
});
