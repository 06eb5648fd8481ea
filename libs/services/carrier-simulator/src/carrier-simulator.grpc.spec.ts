import { principalOf, startSimulatorHarness, type SimulatorHarness } from './testing/simulator.test-harness';

let sim: SimulatorHarness;
const principal = principalOf('acc-1');

beforeAll(async () => {
  sim = await startSimulatorHarness();
});
afterAll(() => sim.close());

describe('CarrierSimulatorService', () => {
  it('sets a behaviour for the caller’s account, defaulting afterSeconds to 1', async () => {
    await expect(sim.client.setCarrierBehavior({ accountId: 'acc-1', destination: ' +15550001234 ', outcome: 'undelivered' }, { principal })).resolves.toEqual({
      accountId: 'acc-1',
      destination: '+15550001234',
      outcome: 'undelivered',
      afterSeconds: 1,
    });
    await expect(sim.client.setCarrierBehavior({ accountId: '', destination: 'a@b.test', outcome: 'no-receipt', afterSeconds: 0 }, { principal })).resolves.toMatchObject({
      accountId: 'acc-1',
      afterSeconds: 0,
    });
  });

  it('validates outcome, afterSeconds and destination together', async () => {
    const error = await sim.client
      .setCarrierBehavior({ accountId: 'acc-1', destination: '', outcome: 'bounced', afterSeconds: 86_401 }, { principal })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'VALIDATION_FAILED', status: 400 });
    expect(Object.keys((error as { extensions: { errors: object } }).extensions.errors).sort()).toEqual(['afterSeconds', 'destination', 'outcome']);
    await expect(sim.client.setCarrierBehavior({ accountId: 'acc-1', destination: 'x', outcome: 'delivered', afterSeconds: -1 }, { principal })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(sim.client.setCarrierBehavior({ accountId: 'acc-1', destination: 'x', outcome: 'delivered', afterSeconds: 86_400 }, { principal })).resolves.toMatchObject({
      afterSeconds: 86_400,
    });
  });

  it('does not let an account set another account’s behaviour', async () => {
    await expect(sim.client.setCarrierBehavior({ accountId: 'acc-2', destination: '+15550001234', outcome: 'failed' }, { principal })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await sim.db('carrier_behaviors').where({ account_id: 'acc-2' })).toHaveLength(0);
  });

  it('reads and advances the sandbox clock', async () => {
    const before = new Date((await sim.client.getClock({})).now!).getTime();
    const advanced = new Date((await sim.client.advanceClock({ seconds: 3600 }, { principal })).now!).getTime();
    expect(advanced - before).toBeGreaterThanOrEqual(3600_000);
    expect(advanced - before).toBeLessThan(3600_000 + 5_000);
    expect(Math.abs(sim.clock.now().getTime() - advanced)).toBeLessThan(5_000);
  });

  it.each([0, -5, 31_536_001, Number.NaN, Number.POSITIVE_INFINITY])('refuses to advance by %p seconds', async (seconds) => {
    const before = sim.clock.now().getTime();
    await expect(sim.client.advanceClock({ seconds }, { principal })).rejects.toMatchObject({ code: 'VALIDATION_FAILED', extensions: { errors: { seconds: expect.anything() } } });
    expect(sim.clock.now().getTime() - before).toBeLessThan(5_000);
  });

  it('accepts the largest advance, a year', async () => {
    await expect(sim.client.advanceClock({ seconds: 31_536_000 }, { principal })).resolves.toHaveProperty('now');
  });
});
