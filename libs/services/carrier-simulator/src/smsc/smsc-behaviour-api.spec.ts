import { CommandStatus, SmppSession } from '@mp/smpp';
import { fakeRouting } from '../testing/fake-routing';
import { principalOf, startSimulatorHarness, type SimulatorHarness } from '../testing/simulator.test-harness';
import { SANDBOX_SMSC_CREDENTIALS } from './smsc-settings';
import { submitFields } from './testing/sandbox-smsc.harness';

// Behaviours are read with each group of submit_sm, never cached: one set through the simulator's
// API (behind PUT /v1/sandbox/carrier-behaviors) is played by the very next submit_sm, busy or not.

const SENDER = '+15550008100';
const ACCOUNT = 'acc-behaviour-api';
const { routing } = fakeRouting([{ accountId: ACCOUNT, address: SENDER, channelTypes: ['Sms'] }]);

let sim: SimulatorHarness;
beforeAll(async () => {
  sim = await startSimulatorHarness({ routing });
});
afterAll(() => sim?.close());

const bind = () => SmppSession.connect({ host: sim.endpoints.smsc!.host, port: sim.endpoints.smsc!.port, ...SANDBOX_SMSC_CREDENTIALS, window: 20 });
const behave = (destination: string, outcome: 'failed' | 'delivered' | 'unavailable') =>
  sim.client.setCarrierBehavior({ accountId: ACCOUNT, destination, outcome, afterSeconds: 0 }, { principal: principalOf(ACCOUNT) });

describe('sandbox SMSC: behaviours set through the API', () => {
  it('plays each change on the very next submit_sm after the call returned', async () => {
    const to = '+15558100001';
    const session = await bind();
    const fields = (n: number) => submitFields(SENDER, to, { shortMessage: Buffer.from(`try ${n}`) });
    expect((await session.submit(fields(1))).commandStatus).toBe(CommandStatus.ESME_ROK);
    await behave(to, 'failed');
    expect((await session.submit(fields(2))).commandStatus).toBe(CommandStatus.ESME_RINVDSTADR);
    await behave(to, 'unavailable');
    expect((await session.submit(fields(3))).commandStatus).toBe(CommandStatus.ESME_RSYSERR);
    await behave(to, 'delivered');
    expect((await session.submit(fields(4))).commandStatus).toBe(CommandStatus.ESME_ROK);
    await session.unbind();
  });

  it('while other submit_sm keep the SMSC filing, the next submit_sm after the call plays the new behaviour', async () => {
    const to = '+15558100002';
    const busy = await bind();
    const session = await bind();
    let stop = false;
    let n = 0;
    // Another bind keeps groups in flight all along.
    const load = (async () => {
      while (!stop) await Promise.all(Array.from({ length: 10 }, () => busy.submit(submitFields(SENDER, '+15558100099', { shortMessage: Buffer.from(`load ${++n}`) }))));
    })();
    for (const [outcome, status] of [
      ['failed', CommandStatus.ESME_RINVDSTADR],
      ['delivered', CommandStatus.ESME_ROK],
      ['unavailable', CommandStatus.ESME_RSYSERR],
      ['delivered', CommandStatus.ESME_ROK],
    ] as const) {
      await behave(to, outcome);
      expect((await session.submit(submitFields(SENDER, to, { shortMessage: Buffer.from(`${outcome} ${++n}`) }))).commandStatus).toBe(status);
    }
    stop = true;
    await load;
    expect(n).toBeGreaterThan(10);
    await Promise.all([busy.unbind(), session.unbind()]);
  });
});
