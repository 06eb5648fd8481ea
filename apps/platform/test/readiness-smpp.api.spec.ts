import { CommandStatus } from '@mp/smpp';
import { ScriptedSmsc } from '@mp/smpp/src/testing/scripted-smsc';
import { bootPlatform, type BootedPlatform } from './support/platform-fixture';
import { waitFor } from './support/wait-for';

// Issue 28 point 6: the all-in-one process's /readyz (its gateway) names an SMPP connection messaging cannot
// bind, with the reason, and stays 200: an SMSC refusing must not take the whole API out of its Service.

jest.setTimeout(60_000);

let good: ScriptedSmsc;
let refusing: ScriptedSmsc;
/** The SMSC answers binds as to a wrong password until a test lets it bind (the operator fixed the password). */
let refuse = true;
let booted: BootedPlatform;

const connection = (name: string, port: number) => ({ name, protocol: 'smpp', channel: 'Sms', numbers: ['*'], priority: 1, host: '127.0.0.1', port, systemId: name, password: 'secret', binds: 1 });

beforeAll(async () => {
  good = await ScriptedSmsc.start();
  refusing = await ScriptedSmsc.start((pdu, c) =>
    pdu.command === 'bind_transceiver' && refuse
      ? c.send({ command: 'bind_transceiver_resp', commandStatus: CommandStatus.ESME_RINVPASWD, sequenceNumber: pdu.sequenceNumber, systemId: '' })
      : 'default',
  );
  // A database of its own (embedded): on the PostgreSQL tier another platform could hold these connections' bind leases.
  booted = await bootPlatform({ DATABASE_URL: '', CARRIER_CONNECTIONS: JSON.stringify([connection('smsc-good', good.port), connection('smsc-refusing', refusing.port)]) });
});

afterAll(async () => {
  await booted?.stop();
  await Promise.all([good?.stop(), refusing?.stop()]);
});

const readyz = async () => {
  const res = await fetch(`${booted.platform.url}/readyz`);
  return { status: res.status, body: (await res.json()) as { status: string } };
};

describe('/readyz of the all-in-one process with an SMSC that refuses the bind', () => {
  it('answers 200 naming the connection that cannot bind and why, not the one that is bound', async () => {
    const answer = await waitFor(readyz, (r) => r.body.status !== 'ok', { what: 'readiness to name the refused connection' });
    expect(answer).toEqual({
      status: 200,
      body: { status: 'degraded', degradations: [{ service: 'messaging', component: 'carrierConnection', name: 'smsc-refusing', reason: 'bind refused: ESME_RINVPASWD' }] },
    });
  });

  it('answers exactly {"status":"ok"} once every connection is bound', async () => {
    refuse = false;
    expect(await waitFor(readyz, (r) => r.body.status === 'ok', { what: 'readiness once the SMSC takes the bind' })).toEqual({ status: 200, body: { status: 'ok' } });
  });
});
