import { CommandStatus } from '@mp/smpp';
import { ScriptedSmsc } from '@mp/smpp/src/testing/scripted-smsc';
import { startHealthServer, startTestService, type TestService } from '@mp/service-host';
import type { MessagingConfig } from '../../config/messaging-config';
import { messagingService } from '../../messaging.module';
import { DEFAULT_PRICE_TABLE } from '../../rules';
import { waitUntil } from './testing/fake-ports';

// Issue 28 point 6: readiness names a connection that cannot bind, and stays 200 (an SMSC down must not take the
// messaging API out of its Service). A standalone messaging's health port, wired as runStandalone wires it.
describe('messaging’s /readyz with an SMSC that refuses the bind', () => {
  let good: ScriptedSmsc;
  let refusing: ScriptedSmsc;
  let refuse = true;
  let service: TestService;
  let health: Awaited<ReturnType<typeof startHealthServer>>;
  const readyz = async () => {
    const res = await fetch(`http://127.0.0.1:${health.port}/readyz`);
    return { status: res.status, body: (await res.json()) as { status: string } };
  };
  /** /readyz once `done` holds, or its last answer at the deadline (for the expectation to show). */
  const readyzOnce = async (done: (answer: Awaited<ReturnType<typeof readyz>>) => boolean, timeoutMs: number) => {
    for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
      const answer = await readyz();
      if (done(answer) || Date.now() > deadline) return answer;
    }
  };
  const connection = (name: string, port: number) => ({ name, protocol: 'smpp', channel: 'Sms', numbers: ['*'], priority: 1, host: '127.0.0.1', port, systemId: name, password: 'wrong', binds: 1 });

  beforeAll(async () => {
    good = await ScriptedSmsc.start();
    // As an SMSC answers a wrong password, until the test lets it bind (the operator fixed the password).
    refusing = await ScriptedSmsc.start((pdu, c) =>
      pdu.command === 'bind_transceiver' && refuse
        ? c.send({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RINVPASWD, sequenceNumber: pdu.sequenceNumber, systemId: '' })
        : 'default',
    );
    const config: MessagingConfig = {
      PRICE_TABLE: DEFAULT_PRICE_TABLE,
      DISPATCH_ENABLED: true,
      DISPATCH_MAX_ATTEMPTS: 5,
      DISPATCH_MAX_DEFERRALS: 10,
      CARRIER_CONNECTIONS: JSON.stringify([connection('smsc-good', good.port), connection('smsc-refusing', refusing.port)]),
    };
    service = await startTestService(messagingService, config);
    health = await startHealthServer({ host: '127.0.0.1', port: 0, ready: () => service.host.ready(), degradations: () => service.host.degradations() });
  });
  afterAll(async () => {
    await health?.close();
    await service?.stop(); // unbinds and frees its bind leases
    await Promise.all([good?.stop(), refusing?.stop()]);
  });

  const bindsTried = (smsc: ScriptedSmsc) => smsc.connections.filter((c) => c.received.some((p) => p.command === 'bind_transceiver')).length;

  it('answers 200 naming the connection and why it cannot bind, not the one that is bound', async () => {
    await waitUntil(() => bindsTried(refusing) >= 1 && bindsTried(good) >= 1, 10_000, 'both connections to try their bind');
    const answer = await readyzOnce((r) => r.body.status !== 'ok', 5000);
    expect(answer).toEqual({
      status: 200,
      body: { status: 'degraded', degradations: [{ service: 'messaging', component: 'carrierConnection', name: 'smsc-refusing', reason: 'bind refused: ESME_RINVPASWD' }] },
    });
  });

  it('answers exactly {"status":"ok"} once the SMSC takes the bind', async () => {
    refuse = false;
    expect(await readyzOnce((r) => r.body.status === 'ok', 10_000)).toEqual({ status: 200, body: { status: 'ok' } });
  });
});
